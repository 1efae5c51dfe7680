import type { Engine, ErrorType } from '@tessera/contracts';

export type { Engine };

/** One statement of a script, as `splitStatements` cut it out. */
export interface Statement {
  /** 0-based position in the script, counting only the statements kept. */
  index: number;
  /** From the first code token to the last one: no leading or trailing comments, no `;`. */
  text: string;
  /** UTF-16 offset of `text` in the script (`script.slice(start, end) === text`). */
  start: number;
  end: number;
  /** 1-based line and column of `start`. */
  line: number;
  column: number;
}

export type StatementKind = 'select' | 'dml' | 'ddl' | 'other';

export interface Classification {
  kind: StatementKind;
  /** True only when the statement is certainly a read. */
  readOnly: boolean;
  /** Why the statement is not read-only (or why it was classified as it was). */
  reason?: string;
}

export type LimitingFactor = 'DROPDOWN' | 'QUERY' | 'QUERY_AND_DROPDOWN' | 'NOT_LIMITED' | 'UNKNOWN';

export interface LimitResult {
  /** The statement, unchanged: the executor enforces `limit` by reading limit+1 rows. */
  sql: string;
  /** Rows to return at most. */
  limit: number;
  limitingFactor: LimitingFactor;
  /** The row count of a top-level LIMIT / FETCH FIRST found in the statement, if any. */
  sqlLimit: number | null;
}

export type CtasMethod = 'TABLE' | 'VIEW';

export interface CtasOptions {
  method: CtasMethod;
  tableName: string;
  schema?: string | null;
}

export type CtasResult =
  { ok: true; sql: string; statements: string[] } | { ok: false; errorType: ErrorType; message: string };

export interface TableRef {
  schema: string | null;
  table: string;
}
