import type { FastifyInstance } from 'fastify';

/** Liveness for load balancers and the start benchmark: no database round trip. */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/health', (_request, reply) => reply.type('text/plain').send('OK'));
  app.get('/healthcheck', (_request, reply) => reply.type('text/plain').send('OK'));
}
