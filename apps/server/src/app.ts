import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { AppContext } from './context';
import { registerBootstrapRoutes } from './modules/bootstrap/bootstrap.routes';
import { registerChartDataRoutes } from './modules/chart-data/chart-data.routes';
import { registerChartRoutes } from './modules/charts/charts.routes';
import { registerDashboardRoutes } from './modules/dashboards/dashboards.routes';
import { registerDatabaseRoutes } from './modules/databases/databases.routes';
import { registerDatasetRoutes } from './modules/datasets/datasets.routes';
import { registerExploreRoutes } from './modules/explore/explore.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerQueryRoutes } from './modules/queries/queries.routes';
import { registerSavedQueryRoutes } from './modules/saved-queries/saved-queries.routes';
import { registerAuthHook } from './modules/security/auth.hook';
import { registerSecurityRoutes } from './modules/security/security.routes';
import { registerSharingRoutes } from './modules/sharing/sharing.routes';
import { registerUserRoutes } from './modules/security/users.routes';
import { registerRoleRoutes } from './modules/security/roles.routes';
import { createSqlLabRuntime } from './modules/sqllab/runtime';
import { registerSqlLabRoutes } from './modules/sqllab/sqllab.routes';
import { registerWebRoutes } from './modules/web/web.routes';
import { registerErrorHandler } from './platform/error-handler';
import { registerFormBodyParser } from './platform/form-body';
import { registerTabStateRoutes } from './modules/tab-state/tab-state.routes';
import { loggerOptions } from './platform/logger';

/** Builds the HTTP app from the modules; holds no logic of its own. */
export async function buildApp(
  ctx: Omit<AppContext, 'log'>,
  options: { logStream?: DestinationStream } = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: loggerOptions(ctx.config.logLevel, options.logStream),
    bodyLimit: ctx.config.bodyLimitBytes,
    trustProxy: true,
    // Per-request lines only at debug and below: at info the log stays readable for a person running it.
    logController: new LogController({
      disableRequestLogging: ctx.config.logLevel !== 'debug' && ctx.config.logLevel !== 'trace',
    }),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
  });
  const fullCtx: AppContext = { ...ctx, log: app.log };
  registerErrorHandler(app);
  registerFormBodyParser(app);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
  });
  // With Redis the login budget is shared by every web process behind a load balancer.
  const rateLimitRedis = ctx.config.redisUrl
    ? new Redis(ctx.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  // ioredis reconnects by itself; one line per outage, not an unhandled-error flood.
  let redisDownLogged = false;
  rateLimitRedis?.on('error', (error: Error) => {
    if (!redisDownLogged)
      app.log.warn({ err: error.message }, 'Redis unavailable for the login rate limit; retrying');
    redisDownLogged = true;
  });
  rateLimitRedis?.on('ready', () => {
    redisDownLogged = false;
  });
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'tessera-rate-limit:' } : {}),
  });
  registerAuthHook(app, fullCtx);
  registerHealthRoutes(app);
  registerSecurityRoutes(app, fullCtx);
  registerUserRoutes(app, fullCtx);
  registerRoleRoutes(app, fullCtx);
  registerBootstrapRoutes(app, fullCtx);
  registerDatabaseRoutes(app, fullCtx);
  registerTabStateRoutes(app, fullCtx);
  const sqlLab = createSqlLabRuntime(fullCtx, { role: 'web' });
  registerSqlLabRoutes(app, fullCtx, sqlLab);
  registerQueryRoutes(app, fullCtx, sqlLab);
  registerDatasetRoutes(app, fullCtx);
  registerChartDataRoutes(app, fullCtx);
  registerSavedQueryRoutes(app, fullCtx);
  registerSharingRoutes(app, fullCtx);
  registerChartRoutes(app, fullCtx);
  registerDashboardRoutes(app, fullCtx);
  registerExploreRoutes(app, fullCtx);
  // Queries a previous process left running or pending end now rather than at the first periodic sweep.
  app.addHook('onReady', async () => {
    await sqlLab.sweepNow();
  });
  await registerWebRoutes(app, fullCtx);
  app.addHook('onClose', async () => {
    // Running queries are cancelled and recorded before their connectors close.
    await sqlLab.close();
    await fullCtx.databases.closeAll();
    if (rateLimitRedis) await rateLimitRedis.quit().catch(() => undefined);
  });
  return { app, ctx: fullCtx };
}
