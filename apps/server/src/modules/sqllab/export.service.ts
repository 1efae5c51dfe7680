import { Readable } from 'node:stream';
import type { Connector, ConnectorSession, RowBatch } from '@tessera/connectors';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { accessibleDatabase } from '../databases/databases.service';
import type { DatabaseRow } from '../databases/registry';
import { canSeeAllQueries } from '../queries/query-access';
import { findAnyQueryByClientId, findQueryByClientId, type QueryRow } from '../queries/queries.repo';
import type { Principal } from '../security/principal';
import { CSV_BOM, contentDisposition, csvLine } from '@tessera/sql';
import { engineFailure } from './engine-errors';
import { QueryFailure, queryFailure } from './failure';
import { replan } from './planning';
import { classifyStatement, quoteIdentifier } from '@tessera/sql';
import { SlotWaitAborted, tooManyQueriesError } from '../databases/query-slots';

export interface CsvExport {
  disposition: string;
  body: Readable;
}

interface ExportPlan {
  setup: string[];
  select: string;
  maxRows: number | undefined;
}

/**
 * What the export re-runs: the query's own statements when they are all reads; only its last
 * statement when earlier ones write (an export must never change data twice); the table a CTAS made.
 */
function exportPlan(
  ctx: AppContext,
  query: QueryRow,
  database: DatabaseRow,
  connector: Connector,
): ExportPlan {
  const allowFull = ctx.config.featureFlags.ALLOW_FULL_CSV_EXPORT;
  const cap = (limit: number | null) => (allowFull ? undefined : (limit ?? ctx.config.constants.SQL_MAX_ROW));
  const { engine } = connector;
  if (query.select_as_cta === 1 && query.tmp_table_name) {
    const table = quoteIdentifier(query.tmp_table_name, engine);
    const target = query.tmp_schema_name
      ? `${quoteIdentifier(query.tmp_schema_name, engine)}.${table}`
      : table;
    return { setup: [], select: `SELECT * FROM ${target}`, maxRows: cap(null) };
  }
  const plan = replan(ctx.config, query, database, engine);
  const last = plan.statements[plan.statements.length - 1] ?? '';
  const reads = plan.statements.map((statement) => classifyStatement(statement, engine).readOnly);
  if (reads.every(Boolean))
    return { setup: plan.statements.slice(0, -1), select: last, maxRows: cap(plan.limit) };
  if (reads[reads.length - 1]) return { setup: [], select: last, maxRows: cap(plan.limit) };
  throw queryFailure(
    422,
    'DML_NOT_ALLOWED_ERROR',
    'This query changes data, so it cannot be run again to export it.',
  );
}

async function* csvText(
  first: IteratorResult<RowBatch>,
  rest: AsyncIterator<RowBatch>,
  session: ConnectorSession,
): AsyncGenerator<string> {
  try {
    if (first.done === true) {
      yield CSV_BOM;
      return;
    }
    yield CSV_BOM + csvLine(first.value.columns.map((column) => column.name));
    if (first.value.rows.length > 0) yield first.value.rows.map(csvLine).join('');
    for (;;) {
      const next = await rest.next();
      if (next.done === true) break;
      if (next.value.rows.length > 0) yield next.value.rows.map(csvLine).join('');
    }
  } finally {
    await rest.return?.();
    await session.close().catch(() => undefined);
  }
}

/**
 * GET /api/v1/sqllab/export/{client_id}/: re-runs the query's SQL on a streaming read and sends it
 * as CSV while rows arrive, so memory stays at one batch whatever the size. Engine errors raised
 * before the first rows become SIP-40 responses; later ones end the download early.
 */
export async function openCsvExport(
  ctx: AppContext,
  principal: Principal,
  clientId: string,
): Promise<CsvExport> {
  const db = ctx.store.db;
  const query =
    (await findQueryByClientId(db, principal.user.id, clientId)) ??
    (canSeeAllQueries(principal) ? await findAnyQueryByClientId(db, clientId) : undefined);
  if (!query) throw messageError(404, 'Query not found.');
  const database = await accessibleDatabase(ctx, principal, query.database_id);
  const connector = ctx.databases.connectorFor(database);
  let plan: ExportPlan;
  try {
    plan = exportPlan(ctx, query, database, connector);
  } catch (error) {
    if (error instanceof QueryFailure) throw error.toApiError();
    throw error;
  }
  let session: ConnectorSession;
  try {
    // Only reads are re-run, so the engine may refuse anything else.
    session = await ctx.databases.openSession(
      database,
      { userId: principal.user.id },
      { readOnly: true, schema: query.schema },
      AbortSignal.timeout(ctx.config.constants.SQLLAB_TIMEOUT * 1000),
    );
  } catch (error) {
    if (error instanceof SlotWaitAborted)
      throw tooManyQueriesError(ctx.config.limits.user_max_running_queries);
    throw engineFailure(error, connector.engineName, null).toApiError();
  }
  try {
    for (const statement of plan.setup) await session.execute(statement, { maxRows: 0 });
    const batches = session.stream(plan.select, { maxRows: plan.maxRows, batchSize: 1000 });
    const rows = batches[Symbol.asyncIterator]();
    const first = await rows.next();
    return {
      disposition: contentDisposition(query.tab_name ?? '', query.client_id),
      body: Readable.from(csvText(first, rows, session)),
    };
  } catch (error) {
    await session.close().catch(() => undefined);
    throw engineFailure(error, connector.engineName, null).toApiError();
  }
}
