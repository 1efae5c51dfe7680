import { identifierName, isPunct, isWord, lexVariants, tokenize } from './lexer';
import type { Token } from './lexer';
import { splitTokenRuns } from './split';
import { scanTableRefs } from './table-refs';
import type { Engine } from './types';

/**
 * What an engine refuses outright, whatever the database's DML setting: functions and
 * statements that reach the server's file system, the network, other sessions or credentials,
 * and tables holding credentials. Names are lower-case.
 */
interface DenyRules {
  /** Matched when the (possibly qualified or quoted) name is followed by "(". */
  functions: ReadonlySet<string>;
  functionPrefixes: readonly string[];
  /** Tables and views, matched wherever the name appears. */
  tables: ReadonlySet<string>;
  /** Tables of one schema, matched only when qualified with it ("mysql.user"). */
  qualifiedTables: ReadonlyMap<string, ReadonlySet<string>>;
  /** Statement leads refused outright. */
  statements: ReadonlySet<string>;
  /** Engine-specific patterns; returns the labels of what matched. */
  extra?: (tokens: readonly Token[]) => string[];
}

// PostgreSQL. ts_stat and ts_rewrite run a query given as text. Allowed on purpose: pg_sleep (tests and users time out queries with it), version(),
// and current_setting(), which only reads what SHOW already shows. set_config is refused because
// it changes the session (role, search_path) from inside a SELECT.
const POSTGRES: DenyRules = {
  functions: new Set([
    'pg_stat_file',
    'pg_execute_server_program',
    'loread',
    'lowrite',
    'set_config',
    'query_to_xml',
    'query_to_xmlschema',
    'query_to_xml_and_xmlschema',
    'cursor_to_xml',
    'cursor_to_xmlschema',
    'table_to_xml',
    'table_to_xmlschema',
    'table_to_xml_and_xmlschema',
    'schema_to_xml',
    'schema_to_xmlschema',
    'schema_to_xml_and_xmlschema',
    'database_to_xml',
    'database_to_xmlschema',
    'database_to_xml_and_xmlschema',
    'ts_stat',
    'ts_rewrite',
    'pg_terminate_backend',
    'pg_cancel_backend',
    'pg_reload_conf',
    'pg_rotate_logfile',
    'pg_promote',
    'pg_switch_wal',
    'pg_create_restore_point',
    'pg_backup_start',
    'pg_backup_stop',
    'pg_start_backup',
    'pg_stop_backup',
    'pg_logdir_ls',
  ]),
  // pg_read_file, pg_read_binary_file; pg_ls_dir and the other pg_ls_*dir; adminpack's
  // pg_file_write/rename/unlink; every large-object function (lo_import, lo_export, lo_get, ...);
  // every dblink function (dblink, dblink_exec, dblink_connect, ...).
  functionPrefixes: ['pg_read_', 'pg_ls_', 'pg_file_', 'lo_', 'dblink'],
  tables: new Set([
    'pg_authid',
    'pg_shadow',
    'pg_user_mapping',
    'pg_user_mappings',
    'pg_hba_file_rules',
    'pg_ident_file_mappings',
    'pg_file_settings',
    'pg_largeobject',
  ]),
  qualifiedTables: new Map(),
  // COPY reads and writes server files and runs programs; LOAD loads a shared library.
  statements: new Set(['copy', 'load']),
  extra: (tokens) => (startsWith(tokens, 'ALTER', 'SYSTEM') ? ['alter system'] : []),
};

// MySQL / MariaDB. SLEEP stays allowed, like pg_sleep.
const MYSQL: DenyRules = {
  functions: new Set(['load_file', 'sys_exec', 'sys_eval', 'sys_get', 'sys_set', 'benchmark']),
  functionPrefixes: [],
  tables: new Set(),
  qualifiedTables: new Map([
    [
      'mysql',
      new Set([
        'user',
        'db',
        'tables_priv',
        'columns_priv',
        'procs_priv',
        'proxies_priv',
        'global_grants',
        'global_priv',
        'role_edges',
        'default_roles',
        'password_history',
        'servers',
        'plugin',
        'func',
        'component',
      ]),
    ],
  ]),
  // PREPARE ... FROM '<sql text>' would run SQL this scan never sees.
  statements: new Set(['install', 'uninstall', 'prepare']),
  extra: (tokens) => {
    const found: string[] = [];
    for (let i = 0; i < tokens.length; i += 1) {
      const next = tokens[i + 1];
      if (isWord(tokens[i], 'INTO') && isWord(next, 'OUTFILE', 'DUMPFILE')) {
        found.push(`into ${next?.value.toLowerCase() ?? ''}`);
      }
      if (isWord(tokens[i], 'LOAD') && isWord(next, 'DATA', 'XML'))
        found.push(`load ${next?.value.toLowerCase() ?? ''}`);
      if (isWord(tokens[i], 'SONAME')) found.push('soname');
    }
    return found;
  },
};

const SQLITE: DenyRules = {
  functions: new Set([
    'load_extension',
    'readfile',
    'writefile',
    'edit',
    'fts3_tokenizer',
    'fsdir',
    'zipfile',
  ]),
  functionPrefixes: [],
  tables: new Set(),
  qualifiedTables: new Map(),
  // ATTACH opens (and may create) any file; VACUUM INTO writes one.
  statements: new Set(['attach']),
  extra: (tokens) =>
    isWord(tokens[0], 'VACUUM') && tokens.some((t) => isWord(t, 'INTO')) ? ['vacuum into'] : [],
};

/** DuckDB settings that guard the file system and extensions; changing them is refused. */
const DUCKDB_GUARD_SETTINGS = new Set([
  'enable_external_access',
  'allowed_directories',
  'allowed_paths',
  'lock_configuration',
  'allow_community_extensions',
  'allow_unsigned_extensions',
  'autoinstall_known_extensions',
  'autoload_known_extensions',
  'extension_directory',
  'custom_extension_repository',
  'secret_directory',
  'temp_directory',
  'home_directory',
]);

const DUCKDB: DenyRules = {
  functions: new Set([
    'glob',
    'sniff_csv',
    'getenv',
    'duckdb_secrets',
    'which_secret',
    'load_aws_credentials',
    'query',
    'query_table',
    'json_execute_serialized_sql',
    'csv_scan',
    'delta_scan',
  ]),
  // read_csv, read_csv_auto, read_parquet, read_json(_auto), read_ndjson, read_text, read_blob,
  // read_xlsx, ...; parquet_scan / parquet_metadata ...; scanners of other databases and lakes;
  // spatial's st_read*; the http client extension.
  functionPrefixes: ['read_', 'parquet_', 'sqlite_', 'postgres_', 'mysql_', 'iceberg_', 'st_read', 'http_'],
  tables: new Set(),
  qualifiedTables: new Map(),
  statements: new Set(['install', 'load', 'copy', 'attach', 'detach', 'export', 'import']),
  extra: (tokens) => {
    const found: string[] = [];
    const lead = tokens[0];
    if (isWord(lead, 'FORCE') && isWord(tokens[1], 'INSTALL')) found.push('install');
    if (isWord(lead, 'CREATE', 'DROP', 'ALTER') && tokens.some((t) => isWord(t, 'SECRET')))
      found.push('secret');
    if (isWord(lead, 'SET', 'RESET')) {
      const setting = tokens.find((t, i) => i > 0 && !isWord(t, 'GLOBAL', 'SESSION', 'LOCAL'));
      const name = identifierName(setting);
      if (name && DUCKDB_GUARD_SETTINGS.has(name)) found.push(name);
    }
    // DESCRIBE 'file.csv', SUMMARIZE 'file.parquet', PIVOT 'file.csv' ... read files too.
    for (let i = 0; i < tokens.length - 1; i += 1) {
      const next = tokens[i + 1];
      if (
        isWord(tokens[i], 'DESCRIBE', 'DESC', 'SUMMARIZE', 'SHOW', 'PIVOT', 'UNPIVOT') &&
        next?.kind === 'string'
      ) {
        found.push(`file ${next.value}`);
      }
    }
    return found;
  },
};

const RULES: Record<Engine, DenyRules> = {
  postgresql: POSTGRES,
  mysql: MYSQL,
  sqlite: SQLITE,
  duckdb: DUCKDB,
};

function startsWith(tokens: readonly Token[], ...words: string[]): boolean {
  return words.every((word, i) => isWord(tokens[i], word));
}

/** A quoted identifier in a table position that DuckDB could resolve as a file ("data.csv", "/x"). */
const PATH_LIKE = /[./\\:*?~]/;

/**
 * Dangerous functions, tables and statements a script uses, per the engine's deny-list, in order
 * of first appearance (lower-case; "file '<literal>'" for a file read through a string). Matching
 * ignores strings and comments, folds case, and sees through schema qualification and quoting.
 * Every reading of the text (see `lexVariants`) is scanned and the findings are merged; a lexer
 * refusal (see `Lexed.refusal`) is a finding too.
 */
export function findDeniedFunctions(text: string, engine: Engine): string[] {
  const rules = RULES[engine];
  const found: string[] = [];
  const add = (label: string): void => {
    if (!found.includes(label)) found.push(label);
  };
  for (const options of lexVariants(engine)) {
    const { tokens, refusal } = tokenize(text, engine, options);
    // Text the lexer cannot read as the engine does is refused whatever the database allows.
    if (refusal) add(refusal.label);
    for (const run of splitTokenRuns(tokens)) scanRun(run, text, engine, rules, add);
  }
  return found;
}

function scanRun(
  tokens: readonly Token[],
  text: string,
  engine: Engine,
  rules: DenyRules,
  add: (label: string) => void,
): void {
  let leadIndex = 0;
  while (isPunct(tokens[leadIndex], '(')) leadIndex += 1;
  const lead = identifierName(tokens[leadIndex]);
  if (tokens[leadIndex]?.kind === 'word' && lead && rules.statements.has(lead)) add(lead);
  // Also behind EXPLAIN [ANALYZE]: DuckDB's EXPLAIN ANALYZE runs the statement.
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    const name = identifierName(token);
    if (!token || !name) continue;
    if (
      token.kind === 'word' &&
      isWord(tokens[i - 1], 'EXPLAIN', 'ANALYZE', 'ANALYSE') &&
      rules.statements.has(name)
    ) {
      add(name);
    }
    if (
      isPunct(tokens[i + 1], '(') &&
      (rules.functions.has(name) || rules.functionPrefixes.some((p) => name.startsWith(p)))
    ) {
      add(name);
    }
    if (rules.tables.has(name)) add(name);
    const schemaTables = rules.qualifiedTables.get(name);
    const table = isPunct(tokens[i + 1], '.') ? identifierName(tokens[i + 2]) : null;
    if (schemaTables && table && schemaTables.has(table)) add(`${name}.${table}`);
  }
  for (const label of rules.extra?.(tokens.slice(leadIndex)) ?? []) add(label);
  if (engine === 'duckdb') {
    for (const ref of scanTableRefs(tokens, text)) {
      if (ref.kind === 'string') add(`file ${ref.literal}`);
      else if (
        ref.kind === 'name' &&
        ref.tokens.some((t) => t.kind === 'quoted' && PATH_LIKE.test(t.value))
      ) {
        add(`file "${ref.parts.join('.')}"`);
      }
    }
  }
}
