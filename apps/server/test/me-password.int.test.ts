import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join(';') : (setCookie ?? '');
  const match = /tessera_session=([^;]+)/.exec(header);
  if (!match?.[1]) throw new Error(`no session cookie in ${header}`);
  return `tessera_session=${match[1]}`;
}

const FIRST = 'first-password-1';
const SECOND = 'second-password-2';

describe.each(METADATA_BACKENDS)('changing one own password on %s metadata', (backend) => {
  let server: TestServer;
  let username: string;

  async function browserLogin(password: string): Promise<{ cookie: string; csrf: string }> {
    const login = await server.request('POST', '/login/', { body: { username, password } });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login.headers['set-cookie']);
    const csrf = await server.request('GET', '/api/v1/security/csrf_token/', { headers: { cookie } });
    return { cookie, csrf: csrf.json<{ result: string }>().result };
  }

  const change = (session: { cookie: string; csrf: string }, body: unknown) =>
    server.request('PUT', '/api/v1/me/password', {
      body,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
    });

  beforeAll(async () => {
    server = await startTestServer(backend);
    const admin = await server.token();
    const roles = await server.request('GET', '/api/v1/security/roles/', { token: admin });
    const gamma = roles
      .json<{ result: { id: number; name: string }[] }>()
      .result.find((r) => r.name === 'Gamma');
    username = `pw-${String(process.pid)}`;
    const created = await server.request('POST', '/api/v1/security/users/', {
      token: admin,
      body: {
        username,
        first_name: 'Pat',
        last_name: 'Word',
        email: `${username}@example.com`,
        password: FIRST,
        roles: [gamma?.id],
      },
    });
    expect(created.statusCode).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a wrong current password, a short new one and unknown fields, and keeps the old one', async () => {
    const session = await browserLogin(FIRST);
    const wrong = await change(session, { current_password: 'not-it', new_password: SECOND });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: { current_password: ['The current password is not correct.'] } });
    const short = await change(session, { current_password: FIRST, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    const extra = await change(session, { current_password: FIRST, new_password: SECOND, username: 'x' });
    expect(extra.statusCode).toBe(400);
    const same = await change(session, { current_password: FIRST, new_password: FIRST });
    expect(same.statusCode).toBe(400);
    expect((await server.request('PUT', '/api/v1/me/password', { body: {} })).statusCode).toBe(401);
    expect((await server.token(username, FIRST)).length).toBeGreaterThan(0);
  });

  it('takes the new password and ends every other session and token of the user', async () => {
    const current = await browserLogin(FIRST);
    const otherBrowser = await browserLogin(FIRST);
    const token = await server.token(username, FIRST);
    expect((await server.request('GET', '/api/v1/me/', { token })).statusCode).toBe(200);

    const ok = await change(current, { current_password: FIRST, new_password: SECOND });
    expect(ok.statusCode).toBe(200);

    expect((await server.request('GET', '/api/v1/me/', { token })).statusCode).toBe(401);
    const other = await server.request('GET', '/api/v1/me/', { headers: { cookie: otherBrowser.cookie } });
    expect(other.statusCode).toBe(401);
    const mine = await server.request('GET', '/api/v1/me/', { headers: { cookie: current.cookie } });
    expect(mine.statusCode).toBe(200);

    const old = await server.request('POST', '/api/v1/security/login', {
      body: { username, password: FIRST, provider: 'db' },
    });
    expect(old.statusCode).toBe(401);
    expect((await server.token(username, SECOND)).length).toBeGreaterThan(0);
  });

  it('changes the password through a bearer token too, ending that user’s browser sessions', async () => {
    const browser = await browserLogin(SECOND);
    const token = await server.token(username, SECOND);
    const ok = await server.request('PUT', '/api/v1/me/password', {
      token,
      body: { current_password: SECOND, new_password: FIRST },
    });
    expect(ok.statusCode).toBe(200);
    expect((await server.request('GET', '/api/v1/me/', { token })).statusCode).toBe(200);
    const gone = await server.request('GET', '/api/v1/me/', { headers: { cookie: browser.cookie } });
    expect(gone.statusCode).toBe(401);
  });
});
