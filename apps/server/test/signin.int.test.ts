import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_VALUE } from '../src/platform/hsts';
import { ADMIN_PASSWORD, METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

const TOO_MANY = { message: 'Too many login attempts. Please wait a minute and try again.' };

/** Names and addresses nobody else uses, so budgets never leak between tests, runs or helpers (Redis). */
const unique = (prefix: string): string => `${prefix}-${process.pid}-${randomBytes(4).toString('hex')}`;
const uniqueAddress = (): string => `198.18.${String(randomBytes(1)[0])}.${String(randomBytes(1)[0])}`;

interface Peer {
  /** The TCP peer: a client, or a proxy in front of one. */
  remoteAddress: string;
  headers?: Record<string, string>;
}

function inject(
  server: TestServer,
  method: 'GET' | 'POST',
  url: string,
  peer: Peer,
  options: { body?: unknown; token?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url,
    remoteAddress: peer.remoteAddress,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...peer.headers,
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}

const apiLogin = (server: TestServer, peer: Peer, username: string, password = 'wrong-guess') =>
  inject(server, 'POST', '/api/v1/security/login', peer, { body: { username, password, provider: 'db' } });
const formLogin = (server: TestServer, peer: Peer, username: string, password = 'wrong-guess') =>
  inject(server, 'POST', '/login/', peer, { body: { username, password } });

async function statuses(attempts: (() => Promise<LightMyRequestResponse>)[]): Promise<number[]> {
  const out: number[] = [];
  for (const attempt of attempts) out.push((await attempt()).statusCode);
  return out;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('login budgets (no trusted proxies)', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      loginRateLimitPerMinute: 3,
      configFile: { login_rate_limit_per_address_per_minute: 5 },
    });
    admin = await server.token();
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps one budget however X-Forwarded-For rotates', async () => {
    const remoteAddress = uniqueAddress();
    const username = unique('rotate');
    const attempt = (i: number) => () =>
      apiLogin(server, { remoteAddress, headers: { 'x-forwarded-for': `203.0.113.${String(i)}` } }, username);
    expect(await statuses([attempt(1), attempt(2), attempt(3), attempt(4)])).toEqual([401, 401, 401, 429]);
  });

  it('shares one budget per username between the browser form and the API', async () => {
    const username = unique('both-paths');
    // A new address for each attempt: only the username's budget can refuse.
    const peer = () => ({ remoteAddress: uniqueAddress() });
    expect(
      await statuses([
        () => formLogin(server, peer(), username),
        () => apiLogin(server, peer(), username),
        () => formLogin(server, peer(), username),
        () => apiLogin(server, peer(), username),
        () => formLogin(server, peer(), username),
      ]),
    ).toEqual([401, 401, 401, 429, 429]);
  });

  it('keeps one budget per client address over any usernames and both paths', async () => {
    const peer = { remoteAddress: uniqueAddress() };
    const attempts = [1, 2, 3, 4, 5, 6].map(
      (i) => () => (i % 2 ? formLogin : apiLogin)(server, peer, unique(`spray${String(i)}`)),
    );
    expect(await statuses(attempts)).toEqual([401, 401, 401, 401, 401, 429]);
    // Another client is not held back by that one.
    expect((await apiLogin(server, { remoteAddress: uniqueAddress() }, unique('other'))).statusCode).toBe(
      401,
    );
  });

  it('refuses in the documented shape with Retry-After, even the right password', async () => {
    const remoteAddress = uniqueAddress();
    for (let i = 0; i < 5; i += 1) await apiLogin(server, { remoteAddress }, unique('fill'));
    const refused = await apiLogin(server, { remoteAddress }, 'admin', ADMIN_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).not.toContain('access_token');
  });

  it('believes no forwarded scheme or host from any peer', async () => {
    const peer = {
      remoteAddress: uniqueAddress(),
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', host: 'tessera.local' },
    };
    const login = await formLogin(server, peer, 'admin', ADMIN_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).not.toMatch(/Secure/i);
    expect(login.headers['strict-transport-security']).toBeUndefined();
    const link = await inject(server, 'POST', '/api/v1/sqllab/permalink', peer, {
      token: admin,
      body: { dbId: 1, name: 'q', sql: 'SELECT 1' },
    });
    expect(link.statusCode).toBe(201);
    expect(link.json<{ url: string }>().url).toMatch(/^http:\/\/tessera\.local\/sqllab\/p\//);
  });
});

describe('behind a trusted proxy (TESSERA_TRUSTED_PROXIES)', () => {
  const PROXY = '10.9.0.1';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      loginRateLimitPerMinute: 100,
      configFile: { login_rate_limit_per_address_per_minute: 3 },
      env: { TESSERA_TRUSTED_PROXIES: `${PROXY}, 10.8.0.0/16` },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps a budget per forwarded client address when the trusted proxy forwards it', async () => {
    const client = uniqueAddress();
    const viaProxy = (address: string) => ({
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `192.0.2.66, ${address}` },
    });
    const attempt = () => apiLogin(server, viaProxy(client), unique('proxied'));
    expect(await statuses([attempt, attempt, attempt, attempt])).toEqual([401, 401, 401, 429]);
    // The proxy's other clients keep their own budgets; the spoofable left-most entry decides nothing.
    expect((await apiLogin(server, viaProxy(uniqueAddress()), unique('proxied'))).statusCode).toBe(401);
    // A proxy in the trusted CIDR counts too.
    const fromRange = { remoteAddress: '10.8.3.4', headers: { 'x-forwarded-for': client } };
    expect((await apiLogin(server, fromRange, unique('proxied'))).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const untrusted = uniqueAddress();
    const attempt = (i: number) => () =>
      apiLogin(
        server,
        { remoteAddress: untrusted, headers: { 'x-forwarded-for': `203.0.113.${String(i)}` } },
        unique('untrusted'),
      );
    expect(await statuses([attempt(1), attempt(2), attempt(3), attempt(4)])).toEqual([401, 401, 401, 429]);
  });

  it('takes the scheme and host from the trusted proxy only', async () => {
    const forwarded = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'bi.example.com',
      host: 'internal:8088',
    };
    const token = await server.token();
    const body = { dbId: 1, name: 'q', sql: 'SELECT 1' };

    const trusted = { remoteAddress: PROXY, headers: { ...forwarded, 'x-forwarded-for': uniqueAddress() } };
    const secureLogin = await formLogin(server, trusted, 'admin', ADMIN_PASSWORD);
    expect(secureLogin.statusCode).toBe(200);
    expect(String(secureLogin.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    const secureLink = await inject(server, 'POST', '/api/v1/sqllab/permalink', trusted, { token, body });
    expect(secureLink.json<{ url: string }>().url).toMatch(/^https:\/\/bi\.example\.com\/sqllab\/p\//);

    const spoofer = { remoteAddress: uniqueAddress(), headers: forwarded };
    const plainLogin = await formLogin(server, spoofer, 'admin', ADMIN_PASSWORD);
    expect(plainLogin.statusCode).toBe(200);
    expect(String(plainLogin.headers['set-cookie'])).not.toMatch(/Secure/i);
    const plainLink = await inject(server, 'POST', '/api/v1/sqllab/permalink', spoofer, { token, body });
    expect(plainLink.json<{ url: string }>().url).toMatch(/^http:\/\/internal:8088\/sqllab\/p\//);
  });

  it('sends Strict-Transport-Security over HTTPS only', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const viaProxy = await inject(server, 'GET', '/health', { remoteAddress: PROXY, headers: https });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS_VALUE);
    // Error answers carry it too: the browser learns the policy from any response.
    const denied = await inject(server, 'GET', '/api/v1/me/', { remoteAddress: PROXY, headers: https });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const spoofed = await inject(server, 'GET', '/health', {
      remoteAddress: uniqueAddress(),
      headers: https,
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const plain = await inject(server, 'GET', '/health', { remoteAddress: PROXY });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('login budgets with Redis', () => {
  it('still limits, in process, while Redis is unreachable', async () => {
    const server = await startTestServer('sqlite', {
      loginRateLimitPerMinute: 3,
      env: { REDIS_URL: `redis://127.0.0.1:${String(await closedPort())}` },
    });
    try {
      const peer = { remoteAddress: uniqueAddress() };
      const username = unique('redis-down');
      const attempt = () => apiLogin(server, peer, username);
      const form = () => formLogin(server, peer, username);
      expect(await statuses([attempt, form, attempt, form, attempt])).toEqual([401, 401, 401, 429, 429]);
      expect((await apiLogin(server, peer, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('shares the budget between web processes through Redis', async () => {
    const settings = { loginRateLimitPerMinute: 3, env: { REDIS_URL: 'redis://127.0.0.1:6379' } };
    const first = await startTestServer('sqlite', settings);
    const second = await startTestServer('sqlite', settings);
    try {
      const username = unique('shared');
      const attempt = (server: TestServer) => () =>
        apiLogin(server, { remoteAddress: uniqueAddress() }, username);
      expect(await statuses([attempt(first), attempt(second), attempt(first), attempt(second)])).toEqual([
        401, 401, 401, 429,
      ]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe.each(METADATA_BACKENDS)('token revocation on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let gammaRole: number;
  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await server.token();
    const roles = await server.request('GET', '/api/v1/security/roles/', { token: admin });
    const gamma = roles
      .json<{ result: { id: number; name: string }[] }>()
      .result.find((r) => r.name === 'Gamma');
    if (!gamma) throw new Error('no Gamma role');
    gammaRole = gamma.id;
  });
  afterAll(async () => {
    await server.close();
  });

  async function newUser(prefix: string): Promise<{ id: number; username: string; password: string }> {
    const username = unique(prefix);
    const password = `${username}-password`;
    const created = await server.request('POST', '/api/v1/security/users/', {
      token: admin,
      body: {
        username,
        first_name: 'T',
        last_name: 'T',
        email: `${username}@example.com`,
        password,
        roles: [gammaRole],
      },
    });
    expect(created.statusCode).toBe(201);
    return { id: created.json<{ id: number }>().id, username, password };
  }

  async function tokens(username: string, password: string): Promise<{ access: string; refresh: string }> {
    const login = await server.request('POST', '/api/v1/security/login', {
      body: { username, password, provider: 'db', refresh: true },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json<{ access_token: string; refresh_token: string }>();
    return { access: body.access_token, refresh: body.refresh_token };
  }

  const refresh = (token: string) => server.request('POST', '/api/v1/security/refresh', { token });
  const me = (token: string) => server.request('GET', '/api/v1/me/', { token });
  const editUser = (id: number, body: unknown) =>
    server.request('PUT', `/api/v1/security/users/${String(id)}`, { token: admin, body });

  it('ends refresh and access tokens when the password changes', async () => {
    const user = await newUser('pw');
    const before = await tokens(user.username, user.password);
    const minted = (await refresh(before.refresh)).json<{ access_token: string }>().access_token;
    expect((await me(minted)).statusCode).toBe(200);

    expect((await editUser(user.id, { password: 'a-new-password-1' })).statusCode).toBe(200);
    expect((await refresh(before.refresh)).statusCode).toBe(401);
    expect((await me(before.access)).statusCode).toBe(401);
    expect((await me(minted)).statusCode).toBe(401);
    // The new password gives working tokens again.
    const after = await tokens(user.username, 'a-new-password-1');
    expect((await refresh(after.refresh)).statusCode).toBe(200);
  });

  it('ends tokens on deactivation, for good even when the user is reactivated', async () => {
    const user = await newUser('deact');
    const before = await tokens(user.username, user.password);
    expect((await editUser(user.id, { active: false })).statusCode).toBe(200);
    expect((await refresh(before.refresh)).statusCode).toBe(401);
    expect((await editUser(user.id, { active: true })).statusCode).toBe(200);
    expect((await refresh(before.refresh)).statusCode).toBe(401);
    expect((await me(before.access)).statusCode).toBe(401);
  });

  it('ends one login on logout with its access token, and leaves the user’s other logins alone', async () => {
    const user = await newUser('logout');
    const first = await tokens(user.username, user.password);
    const second = await tokens(user.username, user.password);
    const logout = await server.request('POST', '/logout/', { token: first.access });
    expect(logout.statusCode).toBe(200);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await me(first.access)).statusCode).toBe(401);
    expect((await me(second.access)).statusCode).toBe(200);
    expect((await refresh(second.refresh)).statusCode).toBe(200);
  });

  it('ends a login on logout with its refresh token', async () => {
    const user = await newUser('logout-refresh');
    const login = await tokens(user.username, user.password);
    expect((await server.request('POST', '/logout/', { token: login.refresh })).statusCode).toBe(200);
    expect((await refresh(login.refresh)).statusCode).toBe(401);
    expect((await me(login.access)).statusCode).toBe(401);
  });

  it('ends browser sessions on password change', async () => {
    const user = await newUser('cookie');
    const login = await server.request('POST', '/login/', {
      body: { username: user.username, password: user.password },
    });
    const cookie = /tessera_session=[^;]+/.exec(String(login.headers['set-cookie']))?.[0] ?? '';
    expect((await server.request('GET', '/api/v1/me/', { headers: { cookie } })).statusCode).toBe(200);
    expect((await editUser(user.id, { password: 'another-password-2' })).statusCode).toBe(200);
    expect((await server.request('GET', '/api/v1/me/', { headers: { cookie } })).statusCode).toBe(401);
  });
});
