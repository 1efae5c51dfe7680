import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiActionName } from './api-action-name';
import type { LogRow, LogWriter } from './log-writer';

/** Referrers are cut to the column's width (reference §11: referrer ≤ 1024). */
export const REFERRER_MAX = 1024;

export function referrerOf(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  return typeof referer === 'string' && referer !== '' ? referer.slice(0, REFERRER_MAX) : null;
}

const numericParam = (request: FastifyRequest, name: string): number | null => {
  const params = request.params;
  if (typeof params !== 'object' || params === null || !(name in params)) return null;
  const value: unknown = (params as Record<string, unknown>)[name];
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;
};

/**
 * Superset's `log_this_with_context` for every API route: one `logs` row per answered /api/v1/ request,
 * named `<Api>.<method>`, with the caller, the duration and, for a chart or dashboard item, its id.
 * The row is queued (LogWriter), so the request never waits for it.
 */
export function registerActionLogging(app: FastifyInstance, writer: LogWriter): void {
  // Route patterns are few and fixed: each (method, pattern) is named once, not on every response.
  const actions = new Map<string, string | null>();
  const actionOf = (method: string, pattern: string): string | null => {
    const key = `${method} ${pattern}`;
    let action = actions.get(key);
    if (action === undefined) {
      action = apiActionName(method, pattern);
      actions.set(key, action);
    }
    return action;
  };
  app.addHook('onResponse', (request, reply, done) => {
    const pattern = request.routeOptions.url;
    const action = pattern === undefined ? null : actionOf(request.method, pattern);
    if (action !== null && pattern !== undefined) {
      const id = numericParam(request, 'id') ?? numericParam(request, 'pk');
      const row: LogRow = {
        action,
        user_id: request.principal?.user.id ?? null,
        dashboard_id: pattern.startsWith('/api/v1/dashboard/:') ? id : null,
        slice_id: pattern.startsWith('/api/v1/chart/:') ? id : null,
        json: JSON.stringify({
          path: request.url.split('?', 1)[0],
          method: request.method,
          status: reply.statusCode,
        }),
        dttm: new Date().toISOString(),
        duration_ms: Math.round(reply.elapsedTime),
        referrer: referrerOf(request),
      };
      writer.enqueue([row]);
    }
    done();
  });
}
