import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { browserLoginRequestSchema, loginRequestSchema, type Me } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError, unauthorized } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { bootstrapUser } from '../bootstrap/bootstrap.service';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { loadPrincipal, requireUser, type Principal } from './principal';
import { permissionsOfRoles } from './roles.repo';
import { SESSION_COOKIE, createSession, csrfTokenFor, deleteSession } from './sessions';
import { signToken, verifyToken } from './tokens';
import { findUserByUsername, recordLogin, rolesOfUsers, type UserRow } from './users.repo';

const INVALID_LOGIN = 'Invalid login. Please try again.';

function toMe(user: UserRow): Me {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_active: user.active === 1,
    is_anonymous: false,
  };
}

/** Checks a username and password; every failure costs the same and says the same. */
async function authenticate(ctx: AppContext, username: string, password: string): Promise<UserRow | null> {
  const user = await findUserByUsername(ctx.store.db, username);
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  const ok = await verifyPassword(user.password_hash, password);
  if (!ok || user.active !== 1) {
    await recordLogin(ctx.store.db, user.id, false);
    return null;
  }
  await recordLogin(ctx.store.db, user.id, true);
  return user;
}

function loginRateLimit(ctx: AppContext) {
  return {
    rateLimit: {
      max: ctx.config.loginRateLimitPerMinute,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const body: unknown = request.body;
        const name =
          typeof body === 'object' && body !== null && 'username' in body && typeof body.username === 'string'
            ? body.username.toLowerCase()
            : '';
        return `login:${request.ip}:${name}`;
      },
      errorResponseBuilder: () =>
        messageError(429, 'Too many login attempts. Please wait a minute and try again.'),
    },
  };
}

function cookieIsSecure(ctx: AppContext, request: FastifyRequest): boolean {
  if (ctx.config.cookieSecure === 'auto') return request.protocol === 'https';
  return ctx.config.cookieSecure === 'true';
}

export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/security/login', { config: loginRateLimit(ctx) }, async (request) => {
    const body = parseInput(loginRequestSchema, request.body);
    const user = await authenticate(ctx, body.username, body.password);
    if (!user) throw unauthorized(INVALID_LOGIN);
    const accessToken = await signToken(ctx.keys.jwt, user.id, 'access', true);
    return body.refresh
      ? { access_token: accessToken, refresh_token: await signToken(ctx.keys.jwt, user.id, 'refresh') }
      : { access_token: accessToken };
  });

  app.post('/api/v1/security/refresh', async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const userId = match?.[1] ? await verifyToken(ctx.keys.jwt, match[1], 'refresh') : null;
    const principal = userId === null ? null : await loadPrincipal(ctx.store.db, userId, 'bearer', null);
    if (!principal) throw unauthorized();
    return { access_token: await signToken(ctx.keys.jwt, principal.user.id, 'access', false) };
  });

  app.get('/api/v1/security/csrf_token/', (request) => {
    const principal = requireUser(request.principal);
    return { result: csrfTokenFor(ctx.keys.csrf, principal.sessionId ?? `bearer:${principal.user.id}`) };
  });

  app.get('/api/v1/me/', (request) => ({ result: toMe(requireUser(request.principal).user) }));

  app.get('/api/v1/me/roles/', async (request) => {
    const principal: Principal = requireUser(request.principal);
    const roles: Record<string, [string, string][]> = {};
    for (const role of (await rolesOfUsers(ctx.store.db, [principal.user.id])).get(principal.user.id) ?? []) {
      roles[role.name] = (await permissionsOfRoles(ctx.store.db, [role.id])).map(
        ([p, v]): [string, string] => [p, v],
      );
    }
    return { result: { ...toMe(principal.user), roles, permissions: {} } };
  });

  app.post('/login/', { config: loginRateLimit(ctx) }, async (request, reply: FastifyReply) => {
    const body = parseInput(browserLoginRequestSchema, request.body);
    const user = await authenticate(ctx, body.username, body.password);
    if (!user) throw unauthorized(INVALID_LOGIN);
    const session = await createSession(ctx.store.db, user.id, ctx.config.sessionTtlHours);
    const principal = await loadPrincipal(ctx.store.db, user.id, 'cookie', null);
    if (!principal) throw messageError(401, INVALID_LOGIN);
    void reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieIsSecure(ctx, request),
      expires: session.expires,
    });
    return { result: bootstrapUser(principal) };
  });

  app.post('/logout/', async (request, reply) => {
    if (request.principal?.sessionId) await deleteSession(ctx.store.db, request.principal.sessionId);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'OK' };
  });
}
