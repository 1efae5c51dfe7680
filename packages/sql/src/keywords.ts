import type { Engine } from './types';

/** Statement leads that change data. */
export const DML_LEADS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'REPLACE', 'UPSERT', 'COPY']);

/** Statement leads that change the schema. */
export const DDL_LEADS = new Set(['CREATE', 'DROP', 'ALTER', 'TRUNCATE', 'RENAME', 'COMMENT']);

/** Words that start a data-modifying sub-statement wherever they appear (a CTE body, say). */
export const NESTED_DML_WORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT']);

/**
 * Words that, at the top level of a statement the parser could not read, make us refuse to call
 * it a read. Deliberately broad: a false alarm only means the statement needs a DML-enabled database.
 */
export const WRITING_KEYWORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'REPLACE',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'RENAME',
  'GRANT',
  'REVOKE',
  'COPY',
  'CALL',
  'DO',
  'SET',
  'RESET',
  'LOCK',
  'UNLOCK',
  'VACUUM',
  'REINDEX',
  'REFRESH',
  'ATTACH',
  'DETACH',
  'INSTALL',
  'LOAD',
  'EXPORT',
  'IMPORT',
  'INTO',
  'EXECUTE',
  'PREPARE',
  'DEALLOCATE',
  'PRAGMA',
  'NOTIFY',
  'CHECKPOINT',
  'KILL',
  'FLUSH',
  'HANDLER',
]);

/** Words that can begin the statement inside EXPLAIN / DESCRIBE. */
export const STATEMENT_LEADS = new Set([
  'SELECT',
  'WITH',
  'VALUES',
  'TABLE',
  'FROM',
  'PIVOT',
  'UNPIVOT',
  'SHOW',
  'DESCRIBE',
  'DESC',
  'EXPLAIN',
  'SUMMARIZE',
  'PRAGMA',
  'CALL',
  'EXECUTE',
  'DECLARE',
  'PREPARE',
  'DO',
  'SET',
  'LOAD',
  'IMPORT',
  'EXPORT',
  ...DML_LEADS,
  ...DDL_LEADS,
]);

/** Option words that may sit between EXPLAIN and the explained statement. */
export const EXPLAIN_OPTIONS = new Set([
  'ANALYZE',
  'ANALYSE',
  'VERBOSE',
  'QUERY',
  'PLAN',
  'EXTENDED',
  'PARTITIONS',
  'FORMAT',
  'COSTS',
  'BUFFERS',
  'TIMING',
  'SUMMARY',
  'SETTINGS',
  'WAL',
  'TRADITIONAL',
  'JSON',
  'TREE',
  'TEXT',
  'XML',
  'YAML',
  'GRAPHVIZ',
  'HTML',
]);

/** Words that begin the main body of a WITH statement, and the kind of statement each makes. */
export const WITH_BODY_LEADS: ReadonlyMap<string, 'select' | 'dml'> = new Map([
  ['SELECT', 'select'],
  ['VALUES', 'select'],
  ['TABLE', 'select'],
  ['FROM', 'select'],
  ['PIVOT', 'select'],
  ['UNPIVOT', 'select'],
  ['INSERT', 'dml'],
  ['UPDATE', 'dml'],
  ['DELETE', 'dml'],
  ['MERGE', 'dml'],
  ['REPLACE', 'dml'],
  ['UPSERT', 'dml'],
]);

/** Leads of a plain read (besides WITH, EXPLAIN, DESCRIBE, SHOW and PRAGMA, handled on their own). */
export function selectLeads(engine: Engine): ReadonlySet<string> {
  // DuckDB reads FROM-first queries ("FROM t", "FROM t SELECT a") and PIVOT statements.
  return engine === 'duckdb'
    ? new Set(['SELECT', 'VALUES', 'TABLE', 'FROM', 'PIVOT', 'UNPIVOT'])
    : new Set(['SELECT', 'VALUES', 'TABLE']);
}

/** PRAGMAs that only read metadata, when called without "= value". */
export const READ_ONLY_PRAGMAS: Partial<Record<Engine, ReadonlySet<string>>> = {
  sqlite: new Set([
    'table_info',
    'table_xinfo',
    'table_list',
    'index_list',
    'index_info',
    'index_xinfo',
    'foreign_key_list',
    'database_list',
    'collation_list',
  ]),
  duckdb: new Set(['table_info', 'show_tables', 'show_tables_expanded', 'database_list', 'version']),
};
