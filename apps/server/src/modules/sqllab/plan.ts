import type { Engine, LimitingFactor } from '@tessera/contracts';
import { queryFailure } from './failure';
import {
  applyLimit,
  buildCtas,
  classifyScript,
  findDeniedFunctions,
  lexRefusal,
  type CtasMethod,
} from '@tessera/sql';

export interface PlanDatabase {
  engine: Engine;
  allowDml: boolean;
  allowCtas: boolean;
  allowCvas: boolean;
  forceCtasSchema: string | null;
}

export interface PlanOptions {
  /** The editor's limit; null means SQL_MAX_ROW. */
  queryLimit: number | null;
  sqlMaxRow: number;
  selectAsCta: boolean;
  ctasMethod: CtasMethod | null;
  /** Required with selectAsCta (the caller names the table once, so every re-plan agrees). */
  tmpTableName: string | null;
  tmpSchemaName: string | null;
}

export interface QueryPlan {
  /** What is sent to the engine, one statement per execute, in order. */
  statements: string[];
  /** Rows to return from the last statement (read as limit+1); null when not limited (CTAS). */
  limit: number | null;
  limitingFactor: LimitingFactor;
  /** Whether the engine session must be read-only: the second guard behind the parser check. */
  readOnlySession: boolean;
  /**
   * On a writable session, every statement but the last runs in a read-only transaction: a CTAS
   * without DML may write only through its final CREATE ... AS SELECT.
   */
  readOnlyBeforeLast: boolean;
  ctas: { method: CtasMethod; table: string; schema: string | null } | null;
  executedSql: string;
  /**
   * The last statement is a read, so its rows are pulled from a cursor batch by batch
   * (`ConnectorSession.stream`); writes and CTAS run through `execute` in one go.
   */
  streamLast: boolean;
}

function statementLabel(index: number, count: number): string {
  return count > 1 ? `Statement ${index + 1} out of ${count}` : 'The statement';
}

/**
 * Turns rendered SQL into what runs (reference §2.2 steps 6–7): the statements in order, refused
 * functions and tables, the read-only check of every statement unless the database allows DML,
 * CTAS/CVAS wrapping and the row limit. Pure and deterministic: the web process plans to fail
 * fast, and workers and the CSV export re-plan from the stored rendered SQL. Throws QueryFailure.
 */
export function buildPlan(sql: string, database: PlanDatabase, options: PlanOptions): QueryPlan {
  const { engine } = database;
  const script = classifyScript(sql, engine);
  const statements = script.statements;
  if (statements.length === 0)
    throw queryFailure(422, 'INVALID_SQL_ERROR', 'The query has no SQL statement to run.');

  const refusal = lexRefusal(sql, engine);
  if (refusal) throw queryFailure(422, 'INVALID_SQL_ERROR', refusal.message);

  const denied = findDeniedFunctions(sql, engine);
  if (denied.length > 0) {
    throw queryFailure(
      422,
      'SYNTAX_ERROR',
      `The query uses functions or objects that are not allowed: ${denied.join(', ')}.`,
      { disallowed: denied },
    );
  }

  if (!database.allowDml && !script.readOnly) {
    const culprit = statements.find((statement) => !statement.readOnly);
    const where = culprit ? statementLabel(culprit.index, statements.length) : 'The query';
    const reason = culprit?.reason ? ` (${culprit.reason})` : '';
    throw queryFailure(
      422,
      'DML_NOT_ALLOWED_ERROR',
      `This database does not allow data manipulation. ${where} could not be confirmed as read-only${reason}.`,
    );
  }

  if (options.selectAsCta) return ctasPlan(sql, database, options);

  const cap = Math.min(options.queryLimit ?? options.sqlMaxRow, options.sqlMaxRow);
  const last = statements[statements.length - 1];
  const limit = applyLimit(last?.text ?? '', engine, cap);
  const texts = statements.map((statement) => statement.text);
  return {
    statements: texts,
    limit: limit.limit,
    limitingFactor: limit.limitingFactor,
    readOnlySession: !database.allowDml,
    readOnlyBeforeLast: false,
    ctas: null,
    executedSql: texts.join(';\n'),
    streamLast: last?.readOnly === true,
  };
}

function ctasPlan(sql: string, database: PlanDatabase, options: PlanOptions): QueryPlan {
  const method = options.ctasMethod ?? 'TABLE';
  if (method === 'TABLE' && !database.allowCtas)
    throw queryFailure(422, 'INVALID_CTAS_QUERY_ERROR', 'This database does not allow CREATE TABLE AS.');
  if (method === 'VIEW' && !database.allowCvas)
    throw queryFailure(422, 'INVALID_CVAS_QUERY_ERROR', 'This database does not allow CREATE VIEW AS.');
  const table = options.tmpTableName;
  if (!table) throw queryFailure(422, 'INVALID_CTAS_QUERY_ERROR', 'CREATE TABLE AS needs a table name.');
  const schema = database.forceCtasSchema ?? options.tmpSchemaName;
  const built = buildCtas(sql, database.engine, { method, tableName: table, schema });
  if (!built.ok) throw queryFailure(422, built.errorType, built.message);
  return {
    statements: built.statements,
    limit: null,
    limitingFactor: 'UNKNOWN',
    readOnlySession: false,
    readOnlyBeforeLast: !database.allowDml,
    ctas: { method, table, schema: schema ?? null },
    executedSql: built.sql,
    streamLast: false,
  };
}
