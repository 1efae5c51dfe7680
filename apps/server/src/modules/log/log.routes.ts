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
import { guestFromToken } from '../embedded/guest.service';
import { requirePermission, requireUser } from '../security/principal';
import { unauthorized } from '../../platform/errors';
import { MultipartForm } from '../../platform/multipart-body';
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

/** The `guest_token` field of a beacon form (or JSON body), when it is one non-empty string. */
function guestTokenField(body: unknown): string | null {
  const value =
    body instanceof MultipartForm ? body.fields.get('guest_token') : isRecord(body) ? body.guest_token : null;
  return typeof value === 'string' && value !== '' ? value : null;
}

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
    await writer.finish();
  });

  app.post('/superset/log/', async (request, reply) => {
    // Embedded viewers log too: their beacon carries the guest token as a form field (a beacon sends no
    // headers). Their rows name no user (a guest is no user of this app).
    const formToken = guestTokenField(request.body);
    const guest = request.guest ?? (formToken === null ? null : await guestFromToken(ctx, formToken));
    const principal = request.principal ?? guest;
    if (principal === null) throw unauthorized();
    const query = parseInput(logPostQuerySchema, request.query);
    const rows = beaconRows(request.body, {
      query,
      userId: principal.guest ? null : principal.user.id,
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
