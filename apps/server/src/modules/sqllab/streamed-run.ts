import { randomUUID } from 'node:crypto';
import type { ResultColumn, RowBatch } from '@tessera/connectors';
import type { QueryDict, SupersetError } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { DatabaseRow } from '../databases/registry';
import { markStopped, markSuccess } from '../queries/query-lifecycle';
import { queryStatus, type QueryRow } from '../queries/queries.service';
import { endedBy, queuedMessage, type RunResult } from './execute-query';
import { responseColumns, rowObjects } from './payload';
import { PayloadMeter, payloadCapBytes, resultTooLarge } from './payload-cap';
import type { QueryPlan } from './plan';
import type { ResultsWriter } from './results/results-writer';
import { finalLimitingFactor, newTally, runPlanBatches } from './run-plan';
import type { SqlLabRuntime } from './runtime-types';

/** A sync run whose first batch came back: the rest of its body is written as the rows arrive. */
export interface StreamedRun {
  kind: 'streaming';
  /** The 200 body in pieces (reference §2.2's shape), pulled as the socket takes them. */
  body: AsyncGenerator<string>;
  /** The client went away: stop the statement, free the session and the slot, record a stop. */
  abort(): void;
}

export interface StreamedRunInput {
  query: QueryRow;
  database: DatabaseRow;
  plan: QueryPlan;
  /** The query dict for the tail, read after the run's final state was written. */
  queryDict: (id: number) => Promise<QueryDict>;
}

/** The opening of the body, up to the `data` array: everything known once the columns are. */
function bodyHead(queryId: number, columns: readonly ResultColumn[]): string {
  const shaped = JSON.stringify(responseColumns(columns));
  return `{"query_id":${queryId},"columns":${shaped},"selected_columns":${shaped},"expanded_columns":[],"data":[`;
}

/**
 * Rows per piece of JSON. A batch is serialised in pieces of a few dozen KB: a string over V8's
 * regular object size (~128 KB) is born in the large-object space and lives until a full GC, and
 * with several runs streaming at once that garbage, not the rows, would make up most of the RSS.
 */
export const JSON_PIECE_ROWS = 200;

/** Slices of at most JSON_PIECE_ROWS rows. */
export function* pieces<T>(rows: readonly T[]): Generator<readonly T[]> {
  for (let start = 0; start < rows.length; start += JSON_PIECE_ROWS)
    yield rows.length <= JSON_PIECE_ROWS ? rows : rows.slice(start, start + JSON_PIECE_ROWS);
}

/** Rows as comma-separated members of the `data` array. */
function dataMembers(columns: readonly ResultColumn[], rows: readonly unknown[][]): string {
  return JSON.stringify(rowObjects(responseColumns(columns), rows)).slice(1, -1);
}

/**
 * Reads the batches after the first of a run whose payload is capped (SQLLAB_PAYLOAD_MAX_MB) before
 * anything is sent, since a 200 already sent could not become the error: they are held, which the
 * cap bounds. Over the cap (the first batch counted too), the cursor and session close (freeing the
 * user's slot) and RESULT_TOO_LARGE_ERROR is thrown.
 */
async function holdUnderCap(
  first: RowBatch,
  batches: AsyncGenerator<RowBatch>,
  cap: { bytes: number; mb: number },
): Promise<RowBatch[]> {
  const meter = new PayloadMeter(first.columns);
  const held: RowBatch[] = [];
  for (let batch: RowBatch | null = first; batch !== null;) {
    if (meter.add(batch.rows, cap.bytes)) {
      held.length = 0;
      await batches.return(undefined).catch(() => undefined);
      throw resultTooLarge(meter.bytes, cap.mb, false);
    }
    if (batch !== first) held.push(batch);
    const next = await batches.next();
    batch = next.done === true ? null : next.value;
  }
  return held;
}

/** Batches already read, handed out again as the body asks for them. */
function* replay(held: RowBatch[]): Generator<RowBatch, undefined> {
  // Handed over one by one and let go, so each batch is freed once its part of the body is written.
  for (let batch = held.shift(); batch !== undefined; batch = held.shift()) yield batch;
}

/**
 * Starts a sync run (its row is running) that streams: the statements run and the first batch of
 * the last one is read before anything is sent, so a failure up to there is an ordinary SIP-40
 * error response (`failed` / `superseded`, exactly as a buffered run). From then on the body is
 * written batch by batch, each batch also going to the results backend, so a result is held one
 * batch at a time rather than as rows, response and stored copy. What a failure after the first
 * batch looks like is documented in README.md ("Streamed results").
 */
export async function startStreamedRun(
  ctx: AppContext,
  rt: SqlLabRuntime,
  input: StreamedRunInput,
): Promise<RunResult | StreamedRun> {
  const { query, database, plan } = input;
  const db = ctx.store.db;
  const {
    SQLLAB_TIMEOUT: timeoutSeconds,
    CACHE_DEFAULT_TIMEOUT: ttl,
    DISPLAY_MAX_ROW,
    SQLLAB_PAYLOAD_MAX_MB: capMb,
  } = ctx.config.constants;
  const capBytes = payloadCapBytes(ctx.config.constants);
  const handle = rt.running.start(query.id);
  const timer = setTimeout(() => handle.cancel('timeout'), timeoutSeconds * 1000);
  let queued: string | null = null;
  let disconnected = false;
  const tally = newTally();
  const batches = runPlanBatches(
    ctx.databases.connectorFor(database),
    plan,
    {
      schema: query.schema,
      signal: handle.signal,
      openSession: async (options) => {
        queued = queuedMessage(ctx, timeoutSeconds);
        const session = await ctx.databases.openSession(
          database,
          { userId: query.user_id },
          options,
          handle.signal,
        );
        queued = null;
        return session;
      },
    },
    tally,
  );
  const release = (): void => {
    clearTimeout(timer);
    handle.finish();
  };
  const ended = (error: unknown): Promise<RunResult> =>
    endedBy(ctx, query.id, error, { reason: handle.reason(), mode: 'sync', timeoutSeconds, queued });

  let first: IteratorResult<RowBatch>;
  // Where the batches after the first come from: the engine, or those held under the cap.
  let rest: AsyncIterator<RowBatch> | Iterator<RowBatch> = batches;
  try {
    // A stop that landed before this run was registered would otherwise be missed.
    if ((await queryStatus(db, query.id)) !== 'running') handle.cancel('stopped');
    first = await batches.next();
    if (capBytes !== null && capMb !== null && first.done !== true) {
      rest = replay(await holdUnderCap(first.value, batches, { bytes: capBytes, mb: capMb }));
    }
  } catch (error) {
    release();
    return await ended(error);
  }

  let started = false;
  let settled = false;
  const columns = first.done === true ? [] : first.value.columns;
  // CTAS leaves its rows in the table it made; there is nothing to keep.
  const store = plan.ctas === null && ctx.config.featureFlags.SQLLAB_BACKEND_PERSISTENCE;
  const key = randomUUID();
  let writer: ResultsWriter | null = null;

  const dropWriter = async (error: unknown): Promise<void> => {
    ctx.log.error({ err: error, queryId: query.id }, 'cannot store query results');
    const failed = writer;
    writer = null;
    await failed?.discard();
  };

  /** The end of the body after the data array: how the run ended, and the query as it now is. */
  const tail = async (
    status: string,
    extra: { errors?: SupersetError[]; cut?: boolean },
  ): Promise<string> => {
    const dict = await input.queryDict(query.id);
    const errors = extra.errors ? `,"errors":${JSON.stringify(extra.errors)}` : '';
    const cut = extra.cut === true ? ',"displayLimitReached":true' : '';
    return `],"status":${JSON.stringify(status)}${errors},"query":${JSON.stringify(dict)}${cut}}`;
  };

  async function* body(): AsyncGenerator<string> {
    started = true;
    let shown = 0;
    let cut = false;
    let readAll = false;
    try {
      if (store) {
        try {
          writer = rt.results.open(key, ttl);
          await writer.begin(columns);
        } catch (error) {
          await dropWriter(error);
        }
      }
      yield bodyHead(query.id, columns);
      let next = first;
      let anyShown = false;
      for (;;) {
        if (next.done === true) break;
        const rows = next.value.rows;
        if (writer !== null) await writer.rows(rows).catch(dropWriter);
        const room = Math.max(0, DISPLAY_MAX_ROW - shown);
        const visible = rows.length > room ? rows.slice(0, room) : rows;
        if (visible.length < rows.length) cut = true;
        for (const piece of pieces(visible)) {
          yield `${anyShown ? ',' : ''}${dataMembers(columns, piece)}`;
          anyShown = true;
        }
        shown += visible.length;
        next = await rest.next();
      }
      readAll = true;
    } catch (error) {
      settled = true;
      release();
      await writer?.discard();
      writer = null;
      if (disconnected) {
        await markStopped(db, query.id);
        return;
      }
      const result = await ended(error);
      if (result.kind === 'failed')
        yield await tail(result.failure.state, { errors: [result.failure.error] });
      else yield await tail('stopped', {});
      return;
    } finally {
      if (!settled && !readAll) {
        // The consumer stopped pulling (the client went away): close the cursor and the session.
        settled = true;
        release();
        await batches.return(undefined).catch(() => undefined);
        await writer?.discard();
        await markStopped(db, query.id);
      }
    }
    settled = true;
    release();
    let resultsKey: string | null = null;
    if (writer !== null) {
      try {
        await writer.commit();
        resultsKey = key;
      } catch (error) {
        await dropWriter(error);
      }
    }
    const success = await markSuccess(db, query.id, {
      rows: tally.rows,
      limiting_factor: finalLimitingFactor(plan, tally.rows, tally.truncated),
      ...(resultsKey === null ? {} : { results_key: resultsKey }),
    });
    if (!success) {
      // Stopped while the last rows were sent: a stop wins, and its rows are not kept.
      if (resultsKey !== null) await rt.results.delete(resultsKey).catch(() => undefined);
      yield await tail('stopped', {});
      return;
    }
    yield await tail('success', { cut });
  }

  return {
    kind: 'streaming',
    body: body(),
    abort: () => {
      if (settled) return;
      disconnected = true;
      handle.cancel('stopped');
      if (!started) {
        // The body was never pulled, so its own clean-up will not run.
        settled = true;
        release();
        void (async () => {
          await batches.return(undefined).catch(() => undefined);
          await markStopped(db, query.id).catch(() => undefined);
        })();
      }
    },
  };
}
