import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  browserLoginRequestSchema,
  CSRF_TOKEN_PATH,
  loginRequestSchema,
  mePasswordUpdateSchema,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError, unauthorized } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { bearerToken } from './auth.hook';
import { clientBudgetKey } from './client-address';
import { LoginThrottle } from './login-throttle';
import { authenticate, bootstrapUser, changeOwnPassword, meRoles, toMe } from './me.service';
import { loadPrincipal, requireUser } from './principal';
import {
  SESSION_COOKIE,
  createSession,
  createTokenSession,
  csrfTokenFor,
  deleteSession,
  resolveTokenSession,
} from './sessions';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS, signToken, verifyToken, type TokenSubject } from './tokens';

const INVALID_LOGIN = 'Invalid login. Please try again.';
const TOO_MANY_LOGINS = 'Too many login attempts. Please wait a minute and try again.';

/**
 * Spends one attempt of the username's and the client address's budgets (shared by both login paths)
 * before the password is looked at; a spent budget answers 429 with Retry-After.
 */
async function spendLoginAttempt(
  throttle: LoginThrottle,
  username: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const refusal = await throttle.attempt(username, clientBudgetKey(request.ip));
  if (!refusal) return;
  void reply.header('retry-after', String(refusal.retryAfterSeconds));
  throw messageError(429, TOO_MANY_LOGINS);
}

function cookieIsSecure(ctx: AppContext, request: FastifyRequest): boolean {
  if (ctx.config.cookieSecure === 'auto') return request.protocol === 'https';
  return ctx.config.cookieSecure === 'true';
}

/** The live token session a refresh token names, or null. */
async function refreshTokenSession(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ subject: TokenSubject; sessionId: string } | null> {
  const token = bearerToken(request);
  const subject = token === null ? null : await verifyToken(ctx.keys.jwt, token, 'refresh');
  const sessionId = subject && (await resolveTokenSession(ctx.store.db, subject));
  return subject && sessionId ? { subject, sessionId } : null;
}

export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = LoginThrottle.create(
    {
      perUsername: ctx.config.loginRateLimitPerMinute,
      perAddress: ctx.config.loginRateLimitPerAddressPerMinute,
    },
    ctx.config.redisUrl,
    ctx.log,
  );
  app.addHook('onClose', () => throttle.close());

  app.post('/api/v1/security/login', async (request, reply) => {
    const body = parseInput(loginRequestSchema, request.body);
    await spendLoginAttempt(throttle, body.username, request, reply);
    const user = await authenticate(ctx, body.username, body.password);
    if (!user) throw unauthorized(INVALID_LOGIN);
    // One session per login: logging out with its access token also ends its refresh token.
    const ttl = body.refresh ? REFRESH_TTL_SECONDS : ACCESS_TTL_SECONDS;
    const subject = { userId: user.id, sid: await createTokenSession(ctx.store.db, user.id, ttl) };
    const accessToken = await signToken(ctx.keys.jwt, subject, 'access', true);
    return body.refresh
      ? { access_token: accessToken, refresh_token: await signToken(ctx.keys.jwt, subject, 'refresh') }
      : { access_token: accessToken };
  });

  app.post('/api/v1/security/refresh', async (request) => {
    const session = await refreshTokenSession(ctx, request);
    const principal =
      session &&
      (await loadPrincipal(
        ctx.store.db,
        ctx.caches.principals,
        session.subject.userId,
        'bearer',
        session.sessionId,
      ));
    if (!session || !principal) throw unauthorized();
    return { access_token: await signToken(ctx.keys.jwt, session.subject, 'access', false) };
  });

  app.get(CSRF_TOKEN_PATH, (request) => {
    const principal = requireUser(request.principal);
    return { result: csrfTokenFor(ctx.keys.csrf, principal.sessionId ?? `bearer:${principal.user.id}`) };
  });

  app.get('/api/v1/me/', (request) => ({ result: toMe(requireUser(request.principal).user) }));

  app.get('/api/v1/me/roles/', async (request) => ({
    result: await meRoles(ctx, requireUser(request.principal)),
  }));

  // The caller's own password; every other session and API token of the user ends with the old one.
  app.put('/api/v1/me/password', async (request, reply) => {
    const principal = requireUser(request.principal);
    const body = parseInput(mePasswordUpdateSchema, request.body);
    // A guess at the current password costs what a login attempt costs.
    await spendLoginAttempt(throttle, principal.user.username, request, reply);
    await changeOwnPassword(ctx, principal, body);
    return { message: 'OK' };
  });

  app.post('/login/', async (request, reply: FastifyReply) => {
    const body = parseInput(browserLoginRequestSchema, request.body);
    await spendLoginAttempt(throttle, body.username, request, reply);
    const user = await authenticate(ctx, body.username, body.password);
    if (!user) throw unauthorized(INVALID_LOGIN);
    const session = await createSession(ctx.store.db, user.id, ctx.config.sessionTtlHours);
    const principal = await loadPrincipal(ctx.store.db, ctx.caches.principals, user.id, 'cookie', null);
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

  // Ends the caller's session: the browser's, or the API login's (by its access or refresh token).
  app.post('/logout/', async (request, reply) => {
    const sessionId = request.principal?.sessionId ?? (await refreshTokenSession(ctx, request))?.sessionId;
    if (sessionId) await deleteSession(ctx.store.db, sessionId);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'OK' };
  });
}
