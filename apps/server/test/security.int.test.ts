import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join(';') : (setCookie ?? '');
  const match = /tessera_session=([^;]+)/.exec(header);
  if (!match?.[1]) throw new Error(`no session cookie in ${header}`);
  return `tessera_session=${match[1]}`;
}

describe.each(METADATA_BACKENDS)('security on %s metadata', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers /health without authentication', async () => {
    const response = await server.request('GET', '/health');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
  });

  it('refuses unauthenticated API calls and wrong passwords with 401', async () => {
    expect((await server.request('GET', '/api/v1/me/')).statusCode).toBe(401);
    expect((await server.request('GET', '/api/v1/database/')).statusCode).toBe(401);
    const wrong = await server.request('POST', '/api/v1/security/login', {
      body: { username: 'admin', password: 'not-the-password', provider: 'db' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid login. Please try again.' });
    const unknown = await server.request('POST', '/api/v1/security/login', {
      body: { username: 'nobody', password: 'x', provider: 'db' },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('logs in with a bearer token, refreshes it and reads /me and /me/roles', async () => {
    const login = await server.request('POST', '/api/v1/security/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD, provider: 'db', refresh: true },
    });
    expect(login.statusCode).toBe(200);
    const { access_token, refresh_token } = login.json<{ access_token: string; refresh_token: string }>();
    const me = await server.request('GET', '/api/v1/me/', { token: access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ result: { username: 'admin', is_active: true, is_anonymous: false } });
    const roles = await server.request('GET', '/api/v1/me/roles/', { token: access_token });
    expect(roles.json<{ result: { roles: Record<string, unknown[]> } }>().result.roles.Admin).toContainEqual([
      'can_read',
      'Database',
    ]);
    const refreshed = await server.request('POST', '/api/v1/security/refresh', { token: refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const newToken = refreshed.json<{ access_token: string }>().access_token;
    expect((await server.request('GET', '/api/v1/me/', { token: newToken })).statusCode).toBe(200);
    // A refresh token is not an access token, and vice versa.
    expect((await server.request('GET', '/api/v1/me/', { token: refresh_token })).statusCode).toBe(401);
    expect(
      (await server.request('POST', '/api/v1/security/refresh', { token: access_token })).statusCode,
    ).toBe(401);
  });

  it('sets an HttpOnly SameSite=Lax cookie on browser login and demands the CSRF token on writes', async () => {
    const login = await server.request('POST', '/login/', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = sessionCookie(login.headers['set-cookie']);
    const csrf = await server.request('GET', '/api/v1/security/csrf_token/', { headers: { cookie } });
    const token = csrf.json<{ result: string }>().result;
    expect(token.length).toBeGreaterThan(20);

    const body = {
      username: 'csrf-probe',
      first_name: 'C',
      last_name: 'P',
      email: 'csrf@example.com',
      password: 'probe-password',
      roles: [1],
    };
    const missing = await server.request('POST', '/api/v1/security/users/', { body, headers: { cookie } });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('CSRF');
    const forged = await server.request('POST', '/api/v1/security/users/', {
      body,
      headers: { cookie, 'x-csrftoken': 'forged' },
    });
    expect(forged.statusCode).toBe(400);
    const usersBefore = await server.request('GET', '/api/v1/security/users/', { headers: { cookie } });
    expect(usersBefore.json<{ count: number }>().count).toBe(1);

    const ok = await server.request('POST', '/api/v1/security/users/', {
      body,
      headers: { cookie, 'x-csrftoken': token },
    });
    expect(ok.statusCode).toBe(201);

    const logout = await server.request('POST', '/logout/', { headers: { cookie, 'x-csrftoken': token } });
    expect(logout.statusCode).toBe(200);
    expect((await server.request('GET', '/api/v1/me/', { headers: { cookie } })).statusCode).toBe(401);
  });

  it('manages users: create, list, search, edit roles, deactivate', async () => {
    const token = await server.token();
    const roles = await server.request('GET', '/api/v1/security/roles/', { token });
    const roleList = roles.json<{ result: { id: number; name: string }[] }>().result;
    expect(roleList.map((role) => role.name).sort()).toEqual([
      'Admin',
      'Alpha',
      'Gamma',
      'Public',
      'sql_lab',
    ]);
    const gammaId = roleList.find((role) => role.name === 'Gamma')?.id;
    const alphaId = roleList.find((role) => role.name === 'Alpha')?.id;

    const created = await server.request('POST', '/api/v1/security/users/', {
      token,
      body: {
        username: 'gwen',
        first_name: 'Gwen',
        last_name: 'Gamma',
        email: 'gwen@example.com',
        password: 'gwen-password',
        roles: [gammaId],
      },
    });
    expect(created.statusCode).toBe(201);
    const gwen = created.json<{ id: number; result: { roles: { name: string }[]; active: boolean } }>();
    expect(gwen.result.roles.map((role) => role.name)).toEqual(['Gamma']);
    expect(created.body).not.toContain('gwen-password');
    expect(created.body).not.toContain('password_hash');

    const duplicate = await server.request('POST', '/api/v1/security/users/', {
      token,
      body: {
        username: 'gwen',
        first_name: 'G',
        last_name: 'G',
        email: 'other@example.com',
        password: 'gwen-password',
        roles: [gammaId],
      },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({
      message: { username: ['A user with this username already exists.'] },
    });

    const search = await server.request(
      'GET',
      `/api/v1/security/users/?q=(filters:!((col:username,opr:ct,value:gwe)))`,
      { token },
    );
    expect(search.json<{ count: number }>().count).toBe(1);

    const gwenToken = await server.token('gwen', 'gwen-password');
    expect((await server.request('GET', '/api/v1/security/users/', { token: gwenToken })).statusCode).toBe(
      403,
    );
    expect((await server.request('GET', '/api/v1/database/', { token: gwenToken })).statusCode).toBe(200);
    expect(
      (
        await server.request('POST', '/api/v1/database/', {
          token: gwenToken,
          body: { database_name: 'x', sqlalchemy_uri: 'sqlite://' },
        })
      ).statusCode,
    ).toBe(403);

    const promoted = await server.request('PUT', `/api/v1/security/users/${gwen.id}`, {
      token,
      body: { roles: [alphaId] },
    });
    expect(
      promoted.json<{ result: { roles: { name: string }[] } }>().result.roles.map((role) => role.name),
    ).toEqual(['Alpha']);

    const deactivated = await server.request('PUT', `/api/v1/security/users/${gwen.id}`, {
      token,
      body: { active: false },
    });
    expect(deactivated.json<{ result: { active: boolean } }>().result.active).toBe(false);
    expect((await server.request('GET', '/api/v1/me/', { token: gwenToken })).statusCode).toBe(401);
    const relogin = await server.request('POST', '/api/v1/security/login', {
      body: { username: 'gwen', password: 'gwen-password' },
    });
    expect(relogin.statusCode).toBe(401);
  });

  it('does not let an admin deactivate themselves', async () => {
    const token = await server.token();
    const me = await server.request('GET', '/api/v1/me/', { token });
    const id = me.json<{ result: { id: number } }>().result.id;
    const response = await server.request('PUT', `/api/v1/security/users/${id}`, {
      token,
      body: { active: false },
    });
    expect(response.statusCode).toBe(422);
  });

  it('gives the browser a bootstrap with whitelisted constants and feature flags only', async () => {
    const token = await server.token();
    const response = await server.request('GET', '/api/v1/bootstrap/', { token });
    const body = response.json<{
      common: { conf: Record<string, unknown>; feature_flags: Record<string, boolean> };
      user: { is_admin: boolean };
    }>();
    expect(body.common.conf).toMatchObject({
      DEFAULT_SQLLAB_LIMIT: 1000,
      SQL_MAX_ROW: 100_000,
      DISPLAY_MAX_ROW: 10_000,
      SUPERSET_WEBSERVER_TIMEOUT: 60,
    });
    expect(body.common.conf).not.toHaveProperty('SQLLAB_ASYNC_TIME_LIMIT_SEC');
    expect(body.common.feature_flags.SQLLAB_BACKEND_PERSISTENCE).toBe(true);
    expect(body.user.is_admin).toBe(true);
    const anonymous = await server.request('GET', '/api/v1/bootstrap/');
    expect(anonymous.json<{ user: unknown }>().user).toBeNull();
  });
});

describe('login rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { loginRateLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 429 once the per-minute budget of a username is spent', async () => {
    const attempt = () =>
      server.request('POST', '/api/v1/security/login', { body: { username: 'admin', password: 'guess' } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const other = await server.request('POST', '/api/v1/security/login', {
      body: { username: 'someone-else', password: 'guess' },
    });
    expect(other.statusCode).toBe(401);
  });
});
