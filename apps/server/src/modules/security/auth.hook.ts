import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { loadPrincipal, type Principal } from './principal';
import {
  SESSION_COOKIE,
  csrfTokenMatches,
  resolveSession,
  resolveTokenSession,
  type SessionLookupMemo,
} from './sessions';
import { verifyToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /**
     * An embedded viewer (X-GuestToken). Kept apart from `principal`, which stays null for guests, so
     * that only routes that ask for viewers (`requireViewer`) ever serve one.
     */
    guest: Principal | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Paths that establish a session and so cannot carry its token yet. */
const CSRF_EXEMPT_PATHS = new Set([
  '/login/',
  '/login',
  '/api/v1/security/login',
  '/api/v1/security/refresh',
  // Browsers send events with navigator.sendBeacon, which cannot set headers (Superset exempts it too).
  // A forged beacon can only add log rows in the caller's name.
  '/superset/log/',
]);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves who is calling (bearer JWT for scripts, session cookie for browsers) and enforces CSRF on
 * cookie-authenticated mutating requests. Routes then decide what the principal may do.
 */
/**
 * How the embedding module turns a request's guest token header into a guest principal (null: no
 * header; a guest of null: a header that grants nothing). Handed in by the composition root, so this
 * module does not import embedding (which reads dashboards and charts, which import this module).
 */
export interface GuestResolver {
  tokenOf(request: FastifyRequest): string | null;
  fromToken(token: string): Promise<Principal | null>;
}

export function registerAuthHook(app: FastifyInstance, ctx: AppContext, guests: GuestResolver): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('guest', null);
  const memo: SessionLookupMemo = {
    sessions: ctx.caches.sessions,
    changeStamp: () => ctx.store.changeStamp(),
  };
  app.addHook('onRequest', async (request) => {
    request.principal = null;
    request.guest = null;
    const path = request.url.split('?', 1)[0] ?? '';
    if (
      path === '/health' ||
      path === '/health/ready' ||
      path.startsWith('/static/') ||
      path.startsWith('/assets/')
    )
      return;
    // A guest token decides alone: a browser's own Tessera cookie never widens what the embed reaches.
    const guestToken = guests.tokenOf(request);
    if (guestToken !== null) {
      request.guest = await guests.fromToken(guestToken);
      return;
    }
    const token = bearerToken(request);
    if (token !== null) {
      if (path === '/api/v1/security/refresh') return;
      const subject = await verifyToken(ctx.keys.jwt, token, 'access');
      const sessionId = subject && (await resolveTokenSession(ctx.store.db, subject, memo));
      if (subject && sessionId)
        request.principal = await loadPrincipal(
          ctx.store.db,
          ctx.caches.principals,
          subject.userId,
          'bearer',
          sessionId,
        );
      return;
    }
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie === undefined) return;
    const session = await resolveSession(ctx.store.db, cookie, memo);
    if (!session) return;
    request.principal = await loadPrincipal(
      ctx.store.db,
      ctx.caches.principals,
      session.userId,
      'cookie',
      session.sessionId,
    );
    if (request.principal && !SAFE_METHODS.has(request.method) && !CSRF_EXEMPT_PATHS.has(path)) {
      const presented = request.headers['x-csrftoken'];
      if (typeof presented !== 'string' || presented === '')
        throw messageError(400, 'The CSRF token is missing.');
      if (!csrfTokenMatches(ctx.keys.csrf, session.sessionId, presented))
        throw messageError(400, 'The CSRF token is invalid.');
    }
  });
}
