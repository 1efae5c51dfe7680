import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppContext } from './context';
import { registerAnnotationLayerRoutes } from './modules/annotation-layers/annotation-layers.routes';
import { registerBootstrapRoutes } from './modules/bootstrap/bootstrap.routes';
import { registerChartDataRoutes } from './modules/chart-data/chart-data.routes';
import { adhocSqlProblem } from './modules/chart-data/chart-data.service';
import { registerChartDataJobs } from './modules/chart-data/async-chart-data';
import { registerAsyncEventRoutes } from './modules/async-events/async-events.routes';
import { registerChartRoutes } from './modules/charts/charts.routes';
import { registerDashboardRoutes } from './modules/dashboards/dashboards.routes';
import { registerEmbeddedRoutes } from './modules/embedded/embedded.routes';
import { guestFromToken, guestTokenHeader } from './modules/embedded/guest.service';
import { registerDatabaseRoutes } from './modules/databases/databases.routes';
import { registerDatasetRoutes } from './modules/datasets/datasets.routes';
import { registerExploreRoutes } from './modules/explore/explore.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerLogRoutes } from './modules/log/log.routes';
import { registerQueryRoutes } from './modules/queries/queries.routes';
import { registerSavedQueryRoutes } from './modules/saved-queries/saved-queries.routes';
import { registerTaggingRoutes } from './modules/tagging/tagging.routes';
import { registerReportRoutes } from './modules/reports/reports.routes';
import { registerRlsRoutes } from './modules/row-level-security/rls.routes';
import { registerThumbnailRoutes } from './modules/thumbnails/thumbnails.routes';
import { closeProcessRenderer } from './modules/screenshots';
import { registerAuthHook } from './modules/security/auth.hook';
import { registerSecurityRoutes } from './modules/security/security.routes';
import { registerSharingRoutes } from './modules/sharing/sharing.routes';
import { registerUserRoutes } from './modules/security/users.routes';
import { registerRoleRoutes } from './modules/security/roles.routes';
import { createJobSystem, logJobErrors } from './jobs/job-system';
import { registerReportJobs } from './modules/reports/report-jobs';
import { liveReportPorts } from './modules/reports/report-live-ports';
import { Scheduler } from './jobs/scheduler';
import { loadSchedules } from './jobs/schedule-sources';
import { createSqlLabRuntime } from './modules/sqllab/runtime';
import { registerSqlLabRoutes } from './modules/sqllab/sqllab.routes';
import { registerWebRoutes } from './modules/web/web.routes';
import { registerErrorHandler } from './platform/error-handler';
import { registerFormBodyParser } from './platform/form-body';
import { registerMultipartBodyParser } from './platform/multipart-body';
import { registerBundleRoutes } from './modules/bundles/bundles.routes';
import { BUNDLE_LIMITS } from '@tessera/contracts';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerHsts } from './platform/hsts';
import { registerTabStateRoutes } from './modules/tab-state/tab-state.routes';
import { logBackendErrors } from './platform/backend-errors';
import { loggerOptions } from './platform/logger';
import { recordRoutes, type RegisteredRoute } from './platform/route-registry';

/** Builds the HTTP app from the modules; holds no logic of its own. */
export async function buildApp(
  ctx: Omit<AppContext, 'log'>,
  options: { logStream?: DestinationStream } = {},
): Promise<{ app: FastifyInstance; ctx: AppContext; routes: RegisteredRoute[] }> {
  const app = Fastify({
    logger: loggerOptions(ctx.config.logLevel, options.logStream),
    bodyLimit: ctx.config.bodyLimitBytes,
    // Forwarded headers decide the client address (login budgets), the scheme (Secure cookie, HSTS) and
    // the host (permalinks), so only the configured proxies may send them.
    trustProxy: ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false,
    // Per-request lines only at debug and below: at info the log stays readable for a person running it.
    logController: new LogController({
      disableRequestLogging: ctx.config.logLevel !== 'debug' && ctx.config.logLevel !== 'trace',
    }),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
  });
  const routes = recordRoutes(app);
  const fullCtx: AppContext = { ...ctx, log: app.log };
  logBackendErrors(ctx.store, ctx.databases, app.log);
  registerErrorHandler(app);
  registerFormBodyParser(app);
  // Bundle uploads: the ZIP cap plus room for the form's other fields.
  registerMultipartBodyParser(app, BUNDLE_LIMITS.zipBytes + 1024 * 1024);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app);
  registerHsts(app);
  registerAuthHook(app, fullCtx, {
    tokenOf: (request) => guestTokenHeader(fullCtx, request),
    fromToken: (token) => guestFromToken(fullCtx, token),
  });
  // Before the other modules: its onResponse hook names every API call they answer.
  registerLogRoutes(app, fullCtx);
  registerHealthRoutes(app, fullCtx);
  registerAsyncEventRoutes(app, fullCtx);
  registerSecurityRoutes(app, fullCtx);
  registerUserRoutes(app, fullCtx);
  registerRoleRoutes(app, fullCtx);
  registerRlsRoutes(app, fullCtx, (clause, engine) =>
    adhocSqlProblem(clause, engine, 'the clause', {
      allowSubquery: fullCtx.config.featureFlags.ALLOW_ADHOC_SUBQUERY,
    }),
  );
  registerBootstrapRoutes(app, fullCtx);
  registerDatabaseRoutes(app, fullCtx);
  registerTabStateRoutes(app, fullCtx);
  const jobs = createJobSystem(ctx.config, logJobErrors(app.log));
  const sqlLab = createSqlLabRuntime(fullCtx, { role: 'web', jobs });
  // Without Redis this process is its own worker and beat; with Redis, `tessera worker` and
  // `tessera beat` are (this process only submits).
  const embedded = jobs.kind === 'in-process';
  const reportPorts = embedded ? liveReportPorts(fullCtx) : null;
  const reportExecutor = reportPorts ? registerReportJobs(fullCtx, jobs, reportPorts) : null;
  if (embedded) registerChartDataJobs(fullCtx, jobs);
  if (embedded) jobs.serve();
  let scheduler: Scheduler | null = null;
  registerSqlLabRoutes(app, fullCtx, sqlLab);
  registerQueryRoutes(app, fullCtx, sqlLab);
  registerDatasetRoutes(app, fullCtx);
  registerChartDataRoutes(app, fullCtx, jobs);
  registerSavedQueryRoutes(app, fullCtx);
  registerSharingRoutes(app, fullCtx);
  registerChartRoutes(app, fullCtx);
  registerDashboardRoutes(app, fullCtx);
  registerEmbeddedRoutes(app, fullCtx);
  registerTaggingRoutes(app, fullCtx);
  registerAnnotationLayerRoutes(app, fullCtx);
  registerReportRoutes(app, fullCtx);
  registerThumbnailRoutes(app, fullCtx);
  registerExploreRoutes(app, fullCtx);
  registerBundleRoutes(app, fullCtx);
  // Queries a previous process left running or pending end now rather than at the first periodic sweep.
  app.addHook('onReady', async () => {
    await sqlLab.sweepNow();
    if (embedded) {
      scheduler = new Scheduler({ schedules: await loadSchedules(fullCtx, jobs), lock: null, log: app.log });
      scheduler.start();
    }
  });
  await registerWebRoutes(app, fullCtx);
  app.addHook('onClose', async () => {
    // No new runs, then running queries are cancelled and recorded before their connectors close.
    await scheduler?.stop();
    reportExecutor?.close();
    await jobs.close();
    await reportPorts?.close();
    await closeProcessRenderer(fullCtx);
    await sqlLab.close();
    await fullCtx.databases.closeAll();
  });
  return { app, ctx: fullCtx, routes };
}
