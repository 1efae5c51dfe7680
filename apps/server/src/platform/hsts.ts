import type { FastifyInstance } from 'fastify';

/** One year, and the subdomains of the host serving Tessera (not its parent's other subdomains). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security on responses sent over HTTPS: a TLS socket, or a trusted proxy's
 * X-Forwarded-Proto (request.protocol believes only TESSERA_TRUSTED_PROXIES). Over plain HTTP the
 * header would be ignored by browsers, and on a misdetected scheme it could lock users out.
 */
export function registerHsts(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS_VALUE);
  });
}
