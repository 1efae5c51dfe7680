import {
  executeAcceptedSchema,
  executeResultSchema,
  type QueryDict,
  type SupersetError,
} from '@tessera/contracts';
import { z } from 'zod';
import type { QueryResults, ResultsPayload } from '../state';

/**
 * Rows are only checked to be objects: a full record check of 100,000 rows x 50 columns would cost more
 * than rendering them, and cells are shown as whatever JSON value they hold.
 */
const rowSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { message: 'Expected a row object' },
);

/** The contract's sync result (also the body of GET /api/v1/sqllab/results/), rows checked lightly. */
export const resultBodySchema = executeResultSchema.extend({ data: z.array(rowSchema) });
export type ResultBody = z.infer<typeof resultBodySchema>;

/** 200 with rows, or 202 with the pending query (async run). */
export const executeBodySchema = z.union([resultBodySchema, executeAcceptedSchema]);
export type ExecuteBody = z.infer<typeof executeBodySchema>;

export type ExecuteOutcome =
  | { kind: 'result'; results: ResultsPayload }
  | { kind: 'accepted'; query: QueryDict }
  /** A streamed body whose run failed after its first rows were sent (status failed / timed_out). */
  | { kind: 'failed'; errors: SupersetError[] };

/** The members a streamed execute body sends before its rows (see shared/api/leading-rows.ts). */
const leadingHeadSchema = executeResultSchema.pick({
  query_id: true,
  columns: true,
  selected_columns: true,
  expanded_columns: true,
});

/** The first rows of a result still arriving, as the state shows them; null when they do not parse. */
export function toLeadingResults(head: unknown, rows: unknown[]): QueryResults | null {
  const parsedHead = leadingHeadSchema.safeParse(head);
  const parsedRows = z.array(rowSchema).safeParse(rows);
  if (!parsedHead.success || !parsedRows.success) return null;
  return {
    status: 'running',
    data: parsedRows.data,
    columns: parsedHead.data.columns,
    selected_columns: parsedHead.data.selected_columns,
    expanded_columns: parsedHead.data.expanded_columns,
    displayLimitReached: false,
  };
}

/** The state layer's form of a result body. */
export function toResultsPayload(body: ResultBody): ResultsPayload {
  return {
    status: body.status,
    data: body.data,
    columns: body.columns,
    selected_columns: body.selected_columns,
    expanded_columns: body.expanded_columns,
    ...(body.displayLimitReached === undefined ? {} : { displayLimitReached: body.displayLimitReached }),
    query: {
      rows: body.query.rows,
      limitingFactor: body.query.limitingFactor,
      tempSchema: body.query.tempSchema,
      tempTable: body.query.tempTable,
      resultsKey: body.query.resultsKey,
      executedSql: body.query.executedSql,
      // The server's own pair, so that a fetched result never ends on this browser's clock (issue #10).
      startDttm: body.query.startDttm,
      endDttm: body.query.endDttm,
    },
  };
}

export function toExecuteOutcome(body: ExecuteBody): ExecuteOutcome {
  if (
    'data' in body &&
    body.errors !== undefined &&
    (body.status === 'failed' || body.status === 'timed_out')
  )
    return { kind: 'failed', errors: body.errors };
  return 'data' in body
    ? { kind: 'result', results: toResultsPayload(body) }
    : { kind: 'accepted', query: body.query };
}
