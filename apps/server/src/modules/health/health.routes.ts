import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ReadinessProbe } from './readiness';

/**
 * Liveness (`/health`, `/healthcheck`) for load balancers and the start benchmark: no backend round
 * trip, so it answers while a backend is down. Readiness (`/health/ready`) probes the metadata store
 * and Redis and answers 503 naming what is down.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', (_request, reply) => reply.type('text/plain').send('OK'));
  app.get('/healthcheck', (_request, reply) => reply.type('text/plain').send('OK'));
  let redisDownLogged = false;
  const probe = new ReadinessProbe(ctx.store, ctx.config.redisUrl, (error) => {
    if (!redisDownLogged)
      ctx.log.warn({ err: error.message }, 'Redis unavailable (readiness probe); retrying');
    redisDownLogged = true;
  });
  app.get('/health/ready', async (_request, reply) => {
    const readiness = await probe.check();
    if (readiness.backends.redis === 'up') redisDownLogged = false;
    return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
  });
  app.addHook('onClose', () => probe.close());
}
