import { executeAcceptedSchema, executeResultSchema, type QueryDict } from '@tessera/contracts';
import { z } from 'zod';
import type { ResultsPayload } from '../state';

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
  { kind: 'result'; results: ResultsPayload } | { kind: 'accepted'; query: QueryDict };

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
  return 'data' in body
    ? { kind: 'result', results: toResultsPayload(body) }
    : { kind: 'accepted', query: body.query };
}
