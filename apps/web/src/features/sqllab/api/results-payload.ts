import {
  executeAcceptedSchema,
  executeResultSchema,
  GENERIC_DATA_TYPES,
  type GenericDataType,
  type QueryDict,
} from '@tessera/contracts';
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

const GENERIC_CODES: readonly number[] = Object.values(GENERIC_DATA_TYPES);

function isGenericDataType(code: number): code is GenericDataType {
  return GENERIC_CODES.includes(code);
}

type ContractColumn = ResultBody['columns'][number];

function toColumn(column: ContractColumn): ResultsPayload['columns'][number] {
  const generic = column.type_generic;
  return {
    column_name: column.column_name,
    name: column.name,
    type: column.type,
    is_dttm: column.is_dttm,
    type_generic: generic !== null && isGenericDataType(generic) ? generic : null,
  };
}

/** The state layer's form of a result body. */
export function toResultsPayload(body: ResultBody): ResultsPayload {
  return {
    status: body.status,
    data: body.data,
    columns: body.columns.map(toColumn),
    selected_columns: body.selected_columns.map(toColumn),
    expanded_columns: body.expanded_columns.map(toColumn),
    ...(body.displayLimitReached === undefined ? {} : { displayLimitReached: body.displayLimitReached }),
    query: {
      rows: body.query.rows,
      limitingFactor: body.query.limitingFactor,
      tempSchema: body.query.tempSchema,
      tempTable: body.query.tempTable,
      resultsKey: body.query.resultsKey,
      executedSql: body.query.executedSql,
    },
  };
}

export function toExecuteOutcome(body: ExecuteBody): ExecuteOutcome {
  return 'data' in body
    ? { kind: 'result', results: toResultsPayload(body) }
    : { kind: 'accepted', query: body.query };
}
