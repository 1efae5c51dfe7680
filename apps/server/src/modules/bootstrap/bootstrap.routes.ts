import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { buildBootstrap } from './bootstrap.service';

export function registerBootstrapRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/bootstrap/', (request) => buildBootstrap(ctx, request.principal));
}
