import type { Engine, ErrorType, GenericDataType, PrivilegeRisk } from '@tessera/contracts';
import type { SqliteWorkerPool } from './sqlite/sqlite-worker-pool';

export type { PrivilegeRisk } from '@tessera/contracts';

/** The dialect named by the URI scheme; MariaDB runs on the mysql engine but keeps its own name. */
export type Backend = 'postgresql' | 'mysql' | 'mariadb' | 'sqlite' | 'duckdb';

/** A parsed connection URI; `password` is the clear-text secret and must never be logged. */
export interface ConnectionSpec {
  engine: Engine;
  backend: Backend;
  /** The `+driver` suffix of the scheme, kept for display only; it does not change the adapter. */
  driver?: string;
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  database?: string;
  /** sqlite/duckdb: absolute or relative file path, or ':memory:'. */
  filePath?: string;
  query: Record<string, string>;
}

export interface ResultColumn {
  /** Label of the column as the engine returned it. */
  name: string;
  /** The engine's type name, e.g. "INTEGER", "character varying", "TIMESTAMP". */
  type: string;
  type_generic: GenericDataType | null;
  is_dttm: boolean;
}

export interface TableListItem {
  name: string;
  type: 'table' | 'view' | 'materialized_view';
}

export interface ColumnMetadata {
  name: string;
  type: string;
  longType: string;
  type_generic: GenericDataType | null;
  is_dttm: boolean;
  nullable: boolean;
  default: string | null;
  comment: string | null;
}

export interface KeyInfo {
  name: string | null;
  column_names: string[];
  type: string;
  unique?: boolean;
  referred_columns?: string[];
  referred_schema?: string | null;
  referred_table?: string;
  options: Record<string, unknown>;
}

export interface TableMetadata {
  name: string;
  schema: string | null;
  columns: ColumnMetadata[];
  primaryKey: { name: string | null; column_names: string[] };
  foreignKeys: KeyInfo[];
  indexes: KeyInfo[];
  comment: string | null;
}

/** Engine-specific extras for /table_metadata/extra/. */
export interface TableExtraMetadata {
  metadata: Record<string, unknown>;
  partitions: Record<string, unknown> | null;
  clustering: Record<string, unknown> | null;
}

export interface ExecuteOptions {
  /** Stop reading after this many rows; `truncated` tells whether more existed (read limit+1). */
  maxRows: number;
  /** Aborting cancels the statement on the engine. */
  signal?: AbortSignal;
  /**
   * The statement's own LIMIT already bounds its rows (generated chart queries): read them in one
   * round trip instead of batches. On PostgreSQL a batched portal read rules out parallel plans.
   */
  boundedByStatement?: boolean;
  /**
   * Run this statement in a read-only transaction even though the session is writable: a CTAS run
   * without DML runs the statements before its CREATE this way. A read-only session ignores false.
   */
  readOnly?: boolean;
}

export interface ExecuteResult {
  columns: ResultColumn[];
  /** Rows as arrays aligned with `columns`; values are JSON-safe (bigint as number or string, dates as ISO). */
  rows: unknown[][];
  /** True when the engine had more rows than maxRows. */
  truncated: boolean;
  /** Rows changed by a DML statement, when the engine reports it. */
  affectedRows: number | null;
}

export interface StreamOptions {
  /** Rows per batch at most (default 1000). */
  batchSize?: number;
  /** Stop after this many rows (default: read everything). */
  maxRows?: number;
  /** Aborting cancels the statement on the engine. */
  signal?: AbortSignal;
}

/** A slice of a streamed result; every batch repeats the same `columns` array. */
export interface RowBatch {
  columns: ResultColumn[];
  rows: unknown[][];
}

/** One connection held for one user query, so that it can be cancelled and made read-only. */
export interface ConnectorSession {
  /**
   * Runs exactly one statement (scripts are split by the caller; engines refuse several at once).
   * Throws ConnectorError on engine errors, with kind 'cancelled' when stopped.
   */
  execute(sql: string, options: ExecuteOptions): Promise<ExecuteResult>;
  /**
   * Runs exactly one statement and yields its rows in batches as the consumer pulls them, so memory
   * stays bounded by one batch (CSV export). At least one batch is yielded, so the columns are known
   * even for an empty result. Stopping the iteration early ends the statement; read-only and cancel
   * behave as for `execute`. The session runs nothing else until the iteration ends.
   */
  stream(sql: string, options?: StreamOptions): AsyncIterable<RowBatch>;
  /** Runs EXPLAIN for one statement and returns the engine's plan rows. */
  explain(sql: string): Promise<Record<string, unknown>[]>;
  /**
   * Asks the engine to parse one statement without running any of it: DuckDB's parser, PostgreSQL's
   * `PREPARE` (extended protocol, so one command only) and MariaDB/MySQL's `PREPARE ... FROM` a
   * bound variable, both inside a read-only transaction that is rolled back, and SQLite's
   * sqlite3_prepare of the first statement, never stepped. Resolves the engine's SYNTAX_ERROR when
   * it cannot parse the text, else null (parsed, or the engine cannot tell: PostgreSQL prepares
   * only SELECT, VALUES and DML, so other commands read as syntax errors there and callers probe
   * only text that does not start with a known command; SQLite applies PRAGMA while compiling it,
   * so a PRAGMA is not compiled and cannot tell).
   */
  checkSyntax(sql: string): Promise<ConnectorError | null>;
  /**
   * Cancels whatever statement is running on this session (pg_cancel_backend, KILL QUERY, interrupt).
   * Cancelling is final: the running and every later execute/explain reject with kind 'cancelled'.
   */
  cancel(): Promise<void>;
  close(): Promise<void>;
}

export interface SessionOptions {
  /** Enforce read-only on the engine itself (transaction or connection mode). */
  readOnly: boolean;
  schema?: string | null;
  catalog?: string | null;
}

export interface ConnectorOptions {
  /** Directory that relative sqlite/duckdb file paths resolve against (default: process.cwd()). */
  baseDir?: string;
  /** Open sqlite/duckdb files in the engine's read-only mode, so every session is read-only. */
  readOnlyFile?: boolean;
  /** Allow sqlite/duckdb to create a missing file (default false: a missing file is an unknown database). */
  createFile?: boolean;
  /** Milliseconds a connection attempt may take before it fails as CONNECTION_HOST_DOWN_ERROR (default 5000). */
  connectTimeoutMs?: number;
  /** The worker processes SQLite sessions run in (default: one pool shared by the whole process). */
  sqliteWorkers?: SqliteWorkerPool;
  /** Most connections a PostgreSQL pool opens (default 10). */
  poolSize?: number;
  /**
   * Told about errors of idle pooled connections (the server went away): they never throw, the
   * connection is dropped and the next use reconnects; this only lets the caller log them.
   */
  onIdleError?: (error: Error) => void;
  /**
   * PostgreSQL: a role every read-only statement runs as (`SET LOCAL ROLE` inside its read-only
   * transaction), so functions the connection user may call but the role may not are refused by
   * the engine. Null or absent: statements run as the connection user.
   */
  readOnlyRole?: string | null;
}

export interface Connector {
  readonly engine: Engine;
  readonly backend: Backend;
  /** Display name, e.g. "PostgreSQL", used as extra.engine_name. */
  readonly engineName: string;
  readonly supportsCatalogs: boolean;
  /** Opens and closes a connection; throws ConnectorError with a connection kind on failure. */
  testConnection(): Promise<void>;
  getCatalogs(): Promise<string[]>;
  getSchemas(catalog?: string | null): Promise<string[]>;
  getTables(schema: string, catalog?: string | null): Promise<TableListItem[]>;
  /** Returns null when the table does not exist. */
  getTableMetadata(
    table: string,
    schema: string | null,
    catalog?: string | null,
  ): Promise<TableMetadata | null>;
  getTableExtraMetadata(
    table: string,
    schema: string | null,
    catalog?: string | null,
  ): Promise<TableExtraMetadata>;
  getFunctionNames(): Promise<string[]>;
  /**
   * What the connection's user may do that read-only mode cannot take away (superuser, server
   * file roles, FILE/SUPER); empty for file engines, whose read-only mode is the file's.
   */
  getPrivilegeRisks(): Promise<PrivilegeRisk[]>;
  /** Quotes an identifier in the engine's dialect. */
  quoteIdentifier(name: string): string;
  /** `SELECT <cols> FROM <schema>.<table> LIMIT <limit>` with proper quoting. */
  selectStar(table: string, schema: string | null, columns: string[], limit?: number): string;
  openSession(options: SessionOptions): Promise<ConnectorSession>;
  /** Releases pooled connections. */
  close(): Promise<void>;
}

/** How an engine error is classified; maps 1:1 onto SIP-40 error types by the server. */
export type ConnectorErrorKind =
  | Extract<
      ErrorType,
      | 'CONNECTION_INVALID_USERNAME_ERROR'
      | 'CONNECTION_INVALID_PASSWORD_ERROR'
      | 'CONNECTION_INVALID_HOSTNAME_ERROR'
      | 'CONNECTION_PORT_CLOSED_ERROR'
      | 'CONNECTION_INVALID_PORT_ERROR'
      | 'CONNECTION_HOST_DOWN_ERROR'
      | 'CONNECTION_ACCESS_DENIED_ERROR'
      | 'CONNECTION_UNKNOWN_DATABASE_ERROR'
      | 'CONNECTION_DATABASE_PERMISSIONS_ERROR'
      | 'CONNECTION_MISSING_PARAMETERS_ERROR'
      | 'CONNECTION_DATABASE_TIMEOUT'
      | 'COLUMN_DOES_NOT_EXIST_ERROR'
      | 'TABLE_DOES_NOT_EXIST_ERROR'
      | 'SCHEMA_DOES_NOT_EXIST_ERROR'
      | 'SYNTAX_ERROR'
      | 'DML_NOT_ALLOWED_ERROR'
      | 'GENERIC_DB_ENGINE_ERROR'
    >
  | 'cancelled';

export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorErrorKind,
    message: string,
    readonly engineName: string,
    /** Values for the message template, e.g. {hostname, port, username, database, table, column}. */
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ConnectorError';
  }
}
