import type { DatasetSamples } from '@tessera/contracts';
import { ConnectorError, type ConnectorSession } from '@tessera/connectors';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { messageError, sip40Error } from '../../platform/errors';
import { secureSource } from '../row-level-security/rls.service';
import { parseInput } from '../../platform/validation';
import type { Principal } from '../security/principal';
import { quoteIdentifier } from '@tessera/sql';
import { checkedDatasetSql } from './dataset-columns';
import { datasetColumns } from './datasets.repo';
import { sqlExpressionProblem } from './sql-expression';
import { loadReadableDataset, type ReadableDataset } from './explore-datasource';

const STRING = 1;

/** Query string of POST /datasource/samples (all values arrive as text). */
export const samplesQuerySchema = z.object({
  datasource_type: z.enum(['table'], { message: 'datasource_type must be table.' }),
  datasource_id: z.coerce.number().int().positive(),
  force: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export type SamplesQuery = z.infer<typeof samplesQuerySchema>;

export const parseSamplesQuery = (query: unknown): SamplesQuery => parseInput(samplesQuerySchema, query);

/**
 * What the sample reads: the table, or the virtual dataset's checked SQL as a subquery, under the
 * caller's row level security (a WHERE on the outside; the virtual SQL's tables filtered inside).
 */
async function sampleSource(
  readable: ReadableDataset,
  principal: Principal,
  ctx: AppContext,
): Promise<{ from: string; calculated: string[] }> {
  const { view, connector } = readable;
  const engine = connector.engine;
  const quote = (name: string) => quoteIdentifier(name, engine);
  const virtual =
    view.sql === null ? null : checkedDatasetSql(view.sql, view.template_params, engine, principal);
  const rls = await secureSource(
    ctx.store.db,
    principal,
    {
      databaseId: readable.database.id,
      datasetId: view.id,
      engine,
      table: virtual === null ? { schema: view.schema, table: view.table_name } : null,
      virtualSql: virtual,
    },
    (clause) => {
      const problem = sqlExpressionProblem(clause, engine);
      if (problem !== null)
        throw sip40Error(400, 'INVALID_SQL_ERROR', `Invalid SQL in a row level security filter: ${problem}`);
      return clause.trim();
    },
    principal.guest?.rls ?? [],
  );
  const table =
    rls.virtualSql === null
      ? [view.schema, view.table_name]
          .filter((part): part is string => part !== null)
          .map(quote)
          .join('.')
      : `(${rls.virtualSql})`;
  const filtered = rls.where === null ? table : `(SELECT * FROM ${table} AS rls_source WHERE ${rls.where})`;
  const columns = await datasetColumns(ctx.store.db, view.id);
  const calculated = columns
    .filter((column) => column.expression !== null && column.is_active === 1)
    .map((column) => `(${column.expression ?? ''}) AS ${quote(column.column_name)}`);
  return { from: `${filtered} AS virtual_table`, calculated };
}

async function withReadOnlySession<T>(
  readable: ReadableDataset,
  timeoutSeconds: number,
  work: (session: ConnectorSession) => Promise<T>,
): Promise<T> {
  const { view, connector } = readable;
  let session: ConnectorSession;
  try {
    session = await connector.openSession({ readOnly: true, schema: view.schema, catalog: view.catalog });
  } catch (error) {
    throw messageError(
      400,
      error instanceof ConnectorError ? error.message : 'Could not connect to the database.',
    );
  }
  const timer = setTimeout(() => void session.cancel(), timeoutSeconds * 1000);
  try {
    return await work(session);
  } catch (error) {
    if (error instanceof ConnectorError) {
      throw messageError(
        400,
        error.kind === 'cancelled' ? 'Reading the samples took too long.' : `Error: ${error.message}`,
      );
    }
    throw error;
  } finally {
    clearTimeout(timer);
    await session.close().catch(() => undefined);
  }
}

/**
 * POST /datasource/samples: one page of the dataset's rows (calculated columns included) and the
 * total row count, read on a read-only session. Pages are capped at SAMPLES_ROW_LIMIT rows, as
 * Superset caps per_page. There is no samples cache, so `force` changes nothing.
 */
export async function datasetSamples(
  ctx: AppContext,
  principal: Principal,
  query: SamplesQuery,
): Promise<DatasetSamples> {
  const readable = await loadReadableDataset(ctx, principal, query.datasource_id);
  const { SAMPLES_ROW_LIMIT, SQLLAB_TIMEOUT } = ctx.config.constants;
  const perPage = Math.min(query.per_page ?? SAMPLES_ROW_LIMIT, SAMPLES_ROW_LIMIT);
  const offset = (query.page - 1) * perPage;
  const { from, calculated } = await sampleSource(readable, principal, ctx);
  const select = ['virtual_table.*', ...calculated].join(', ');
  return withReadOnlySession(readable, SQLLAB_TIMEOUT, async (session) => {
    const rows = await session.execute(`SELECT ${select} FROM ${from} LIMIT ${perPage} OFFSET ${offset}`, {
      maxRows: perPage,
    });
    const counted = await session.execute(`SELECT COUNT(*) AS total_count FROM ${from}`, { maxRows: 1 });
    const colnames = rows.columns.map((column) => column.name);
    const data = rows.rows.map((row) =>
      Object.fromEntries(colnames.map((name, index) => [name, row[index]])),
    );
    return {
      data,
      colnames,
      coltypes: rows.columns.map((column) => column.type_generic ?? STRING),
      rowcount: data.length,
      total_count: Number(counted.rows[0]?.[0] ?? 0),
      page: query.page,
      per_page: perPage,
    };
  });
}
