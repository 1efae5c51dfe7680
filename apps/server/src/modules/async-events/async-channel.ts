import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { asyncQueriesEnabled } from './async-events.service';
import { signAsyncToken, verifyAsyncToken } from './async-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The channel of the caller's valid `async-token` cookie (global async queries), else null. */
    asyncChannel: string | null;
  }
}

function cookieOptions(ctx: AppContext, request: FastifyRequest) {
  const { constants, cookieSecure } = ctx.config;
  const sessionSecure = cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure === 'true';
  const sameSite = constants.GLOBAL_ASYNC_QUERIES_JWT_COOKIE_SAMESITE;
  return {
    path: '/',
    httpOnly: true,
    secure: constants.GLOBAL_ASYNC_QUERIES_JWT_COOKIE_SECURE || sessionSecure,
    ...(sameSite === null ? {} : { sameSite: sameSite.toLowerCase() as 'none' | 'lax' | 'strict' }),
    ...(constants.GLOBAL_ASYNC_QUERIES_JWT_COOKIE_DOMAIN === null
      ? {}
      : { domain: constants.GLOBAL_ASYNC_QUERIES_JWT_COOKIE_DOMAIN }),
  };
}

/** The channel a raw cookie header's async-token names (the WebSocket upgrade has no Fastify request). */
export async function channelOfCookieHeader(
  app: FastifyInstance,
  ctx: AppContext,
  header: string | undefined,
): Promise<string | null> {
  if (header === undefined) return null;
  const token = app.parseCookie(header)[ctx.config.constants.GLOBAL_ASYNC_QUERIES_JWT_COOKIE_NAME];
  if (token === undefined) return null;
  return (await verifyAsyncToken(ctx.keys.asyncToken, token))?.channel ?? null;
}

/**
 * With GLOBAL_ASYNC_QUERIES on, every request reads the `async-token` cookie, and (re)issues it when it
 * is missing, invalid or was issued to another user (reference §6): a new user never reads the
 * previous one's channel. The request that receives a new cookie has no channel yet (401 for async calls).
 */
export function registerAsyncChannelHook(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('asyncChannel', null);
  if (!asyncQueriesEnabled(ctx)) return;
  const cookieName = ctx.config.constants.GLOBAL_ASYNC_QUERIES_JWT_COOKIE_NAME;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    request.asyncChannel = null;
    const path = request.url.split('?', 1)[0] ?? '';
    if (path.startsWith('/health') || path.startsWith('/static/') || path.startsWith('/assets/')) return;
    const sub = request.principal ? String(request.principal.user.id) : null;
    const presented = request.cookies[cookieName];
    const claims = presented === undefined ? null : await verifyAsyncToken(ctx.keys.asyncToken, presented);
    if (claims !== null && claims.sub === sub) {
      request.asyncChannel = claims.channel;
      return;
    }
    const token = await signAsyncToken(ctx.keys.asyncToken, { channel: randomUUID(), sub });
    void reply.setCookie(cookieName, token, cookieOptions(ctx, request));
  });
}
