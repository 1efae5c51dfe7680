import {
  isRecord,
  listQuerySchema,
  logPostQuerySchema,
  recentActivityQuerySchema,
  LOG_LIST_PAGE_SIZE,
} from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { requirePermission, requireUser } from '../security/principal';
import { referrerOf, registerActionLogging } from './action-logging.hook';
import { beaconRows } from './beacon-rows';
import { startLogRetention } from './log-retention';
import { LogWriter } from './log-writer';
import { listLogs, recentActivity, showLog } from './log.service';

/** Reference §11: the log list pages by 20 unless the caller asks otherwise. */
const logListQuerySchema = z.preprocess(
  (raw) => (isRecord(raw) && !('page_size' in raw) ? { ...raw, page_size: LOG_LIST_PAGE_SIZE } : raw),
  listQuerySchema,
);

/** POST /superset/log/, the Action Log API and action logging of every API call (README). */
export function registerLogRoutes(app: FastifyInstance, ctx: AppContext): LogWriter {
  const writer = new LogWriter(ctx.store.db, ctx.log);
  registerActionLogging(app, writer);
  let stopRetention: (() => void) | null = null;
  app.addHook('onReady', () => {
    stopRetention = startLogRetention(ctx.store.db, ctx.config.constants.LOG_RETENTION_DAYS, ctx.log);
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    stopRetention?.();
    await writer.flush();
  });

  app.post('/superset/log/', async (request, reply) => {
    const principal = requireUser(request.principal);
    const query = parseInput(logPostQuerySchema, request.query);
    const rows = beaconRows(request.body, {
      query,
      userId: principal.user.id,
      referrer: referrerOf(request),
      now: new Date(),
    });
    writer.enqueue(rows);
    return reply.code(200).send({ message: 'OK' });
  });

  app.get('/api/v1/log/', async (request) => {
    requirePermission(request.principal, 'can_read', 'Log');
    return listLogs(ctx, parseRisonQuery(logListQuerySchema, risonParam(request)));
  });

  app.get('/api/v1/log/recent_activity/', async (request) => {
    const principal = requireUser(request.principal);
    return recentActivity(ctx, principal, parseRisonQuery(recentActivityQuerySchema, risonParam(request)));
  });

  app.get('/api/v1/log/:id', async (request) => {
    requirePermission(request.principal, 'can_read', 'Log');
    const id = idParam(request);
    return { id, result: await showLog(ctx, id) };
  });

  return writer;
}
