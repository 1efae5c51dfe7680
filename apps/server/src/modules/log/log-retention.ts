import type { FastifyBaseLogger } from 'fastify';
import type { MetadataDb } from '../../db/kysely';
import { deleteLogsBefore } from './log.repo';

const DAY_MS = 86_400_000;
/** How often the prune runs; a day's retention is the finest setting, so hourly is plenty. */
export const LOG_PRUNE_INTERVAL_MS = 3_600_000;

/** Deletes `logs` rows older than `days` (0 keeps everything); returns how many went. */
export async function pruneLogs(db: MetadataDb, days: number, now: number = Date.now()): Promise<number> {
  if (days <= 0) return 0;
  return deleteLogsBefore(db, new Date(now - days * DAY_MS).toISOString());
}

/**
 * Prunes at start and then hourly. Every web process may run it: a delete by date is idempotent, so
 * two processes pruning at once only repeat each other's work.
 */
export function startLogRetention(db: MetadataDb, days: number, log: FastifyBaseLogger): () => void {
  if (days <= 0) return () => undefined;
  const run = () => {
    pruneLogs(db, days).then(
      (deleted) => {
        if (deleted > 0) log.info({ deleted, days }, 'Pruned old log rows');
      },
      (error: unknown) => log.error({ err: error }, 'Pruning log rows failed'),
    );
  };
  run();
  const timer = setInterval(run, LOG_PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
