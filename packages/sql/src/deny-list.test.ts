import { describe, expect, it } from 'vitest';
import { findDeniedFunctions } from './deny-list';
import type { Engine } from './types';

describe('findDeniedFunctions', () => {
  it.each<[Engine, string, string[]]>([
    // PostgreSQL
    ['postgresql', "SELECT pg_read_file('/etc/passwd')", ['pg_read_file']],
    ['postgresql', 'select "PG_READ_FILE"(\'x\')', ['pg_read_file']],
    ['postgresql', "SELECT pg_catalog.pg_read_binary_file('/etc/passwd')", ['pg_read_binary_file']],
    ['postgresql', 'SELECT "pg_catalog"."pg_ls_dir"(\'.\')', ['pg_ls_dir']],
    ['postgresql', "SELECT PG_STAT_FILE ('x')", ['pg_stat_file']],
    ['postgresql', "SELECT lo_import('/etc/passwd'), lo_export(1, '/tmp/x')", ['lo_import', 'lo_export']],
    [
      'postgresql',
      "SELECT lo_get(1), lo_put(1, 0, ''), lo_from_bytea(0, ''), lo_open(1, 1)",
      ['lo_get', 'lo_put', 'lo_from_bytea', 'lo_open'],
    ],
    ['postgresql', "SELECT * FROM dblink('host=x', 'select 1') AS t(a int)", ['dblink']],
    ['postgresql', "SELECT dblink_exec('x'), dblink_connect('y')", ['dblink_exec', 'dblink_connect']],
    ['postgresql', "SELECT set_config('role', 'postgres', false)", ['set_config']],
    ['postgresql', "SELECT query_to_xml('select pg_read_file(''x'')', true, true, '')", ['query_to_xml']],
    [
      'postgresql',
      'SELECT pg_terminate_backend(1), pg_cancel_backend(2)',
      ['pg_terminate_backend', 'pg_cancel_backend'],
    ],
    [
      'postgresql',
      'SELECT pg_reload_conf(); SELECT pg_rotate_logfile()',
      ['pg_reload_conf', 'pg_rotate_logfile'],
    ],
    [
      'postgresql',
      "SELECT ts_stat('SELECT 1'), ts_rewrite('a'::tsquery, 'SELECT 1')",
      ['ts_stat', 'ts_rewrite'],
    ],
    ['postgresql', "COPY t TO PROGRAM 'id'", ['copy']],
    ['postgresql', "copy t from '/etc/passwd'", ['copy']],
    ['postgresql', "LOAD 'evil'", ['load']],
    ['postgresql', "ALTER SYSTEM SET shared_preload_libraries = 'x'", ['alter system']],
    ['postgresql', 'SELECT rolpassword FROM pg_authid', ['pg_authid']],
    ['postgresql', 'SELECT * FROM pg_catalog."pg_shadow"', ['pg_shadow']],
    [
      'postgresql',
      'SELECT * FROM pg_user_mapping, pg_hba_file_rules',
      ['pg_user_mapping', 'pg_hba_file_rules'],
    ],
    ['postgresql', 'SELECT 1; SELECT pg_read_file($$x$$)', ['pg_read_file']],
    // Allowed on purpose.
    ['postgresql', "SELECT pg_sleep(1), version(), current_setting('search_path')", []],
    // Inside strings and comments it is only text.
    ['postgresql', "SELECT 'pg_read_file(1)' -- pg_ls_dir('x')\n /* lo_import(1) */", []],
    ['postgresql', 'SELECT $$pg_read_file(1)$$', []],
    ['postgresql', 'SELECT pg_read_file', []],
    ['postgresql', 'SELECT copy FROM t', []],
    // MySQL
    ['mysql', "SELECT load_file('/etc/passwd')", ['load_file']],
    ['mysql', "SELECT LOAD_FILE ('/etc/passwd')", ['load_file']],
    ['mysql', "SELECT `load_file`('/etc/passwd')", ['load_file']],
    ['mysql', "SELECT sys_exec('id'), sys_eval('id')", ['sys_exec', 'sys_eval']],
    ['mysql', "SELECT BENCHMARK(100000000, MD5('x'))", ['benchmark']],
    ['mysql', 'SELECT * FROM mysql.user', ['mysql.user']],
    ['mysql', 'SELECT * FROM `mysql`.`db`', ['mysql.db']],
    ['mysql', 'SELECT * FROM MySQL.User', ['mysql.user']],
    ['mysql', "SELECT * FROM t INTO OUTFILE '/tmp/x'", ['into outfile']],
    ['mysql', "SELECT 'x' INTO DUMPFILE '/tmp/x'", ['into dumpfile']],
    ['mysql', "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t", ['load data']],
    ['mysql', "CREATE FUNCTION sys_exec RETURNS int SONAME 'lib.so'", ['soname']],
    ['mysql', "INSTALL PLUGIN x SONAME 'x.so'", ['install', 'soname']],
    ['mysql', "SELECT 1 /*!50000 , load_file('/etc/passwd') */", ['executable comment /*! */']],
    ['mysql', "SELECT 1 /*M!100000 , load_file('/etc/passwd') */", ['executable comment /*! */']],
    ['mysql', "SELECT 'a\\' , load_file('/etc/passwd') -- '", ['load_file']],
    ['mysql', "PREPARE s FROM 'SELECT load_file(1)'", ['prepare']],
    ['mysql', 'SELECT SLEEP(1), user FROM users', []],
    ['mysql', "SELECT 'load_file(1)' # load_file(2)", []],
    // SQLite
    ['sqlite', "SELECT load_extension('/tmp/evil.so')", ['load_extension']],
    ['sqlite', "SELECT readfile('/etc/passwd'), writefile('/tmp/x', 'y')", ['readfile', 'writefile']],
    ['sqlite', "SELECT edit('x'), fts3_tokenizer('simple')", ['edit', 'fts3_tokenizer']],
    ['sqlite', "ATTACH DATABASE '/tmp/x.db' AS x", ['attach']],
    ['sqlite', "VACUUM INTO '/tmp/copy.db'", ['vacuum into']],
    ['sqlite', 'VACUUM', []],
    ['sqlite', 'SELECT * FROM [readfile]', []],
    // DuckDB
    ['duckdb', "SELECT * FROM read_csv('/etc/passwd')", ['read_csv']],
    [
      'duckdb',
      "SELECT * FROM read_csv_auto('x'), read_parquet('y'), read_json_auto('z')",
      ['read_csv_auto', 'read_parquet', 'read_json_auto'],
    ],
    [
      'duckdb',
      "SELECT * FROM read_text('/etc/passwd'), read_blob('x'), read_ndjson('y')",
      ['read_text', 'read_blob', 'read_ndjson'],
    ],
    ['duckdb', "SELECT * FROM glob('/*')", ['glob']],
    ['duckdb', "SELECT getenv('HOME')", ['getenv']],
    ['duckdb', "SELECT 'HOME'.getenv()", ['getenv']],
    ['duckdb', 'SELECT * FROM duckdb_secrets()', ['duckdb_secrets']],
    ['duckdb', "SELECT * FROM query('DROP TABLE t'), query_table('t')", ['query', 'query_table']],
    ['duckdb', "SELECT * FROM sniff_csv('x')", ['sniff_csv']],
    [
      'duckdb',
      "SELECT * FROM parquet_scan('x'), parquet_metadata('y')",
      ['parquet_scan', 'parquet_metadata'],
    ],
    [
      'duckdb',
      "SELECT * FROM sqlite_scan('x.db', 't'), postgres_query('db', 'q')",
      ['sqlite_scan', 'postgres_query'],
    ],
    ['duckdb', "SELECT * FROM '/etc/passwd'", ["file '/etc/passwd'"]],
    ['duckdb', "FROM 'data.csv'", ["file 'data.csv'"]],
    ['duckdb', "SELECT * FROM t JOIN 's3://bucket/x.parquet' p ON true", ["file 's3://bucket/x.parquet'"]],
    ['duckdb', "SELECT * FROM t, 'x.csv' AS x", ["file 'x.csv'"]],
    ['duckdb', 'SELECT * FROM "data.csv"', ['file "data.csv"']],
    ['duckdb', "DESCRIBE 'x.csv'", ["file 'x.csv'"]],
    ['duckdb', "SUMMARIZE 'x.parquet'", ["file 'x.parquet'"]],
    ['duckdb', "CREATE TABLE t AS FROM 'x.csv'", ["file 'x.csv'"]],
    ['duckdb', 'INSTALL httpfs', ['install']],
    ['duckdb', 'FORCE INSTALL httpfs', ['install']],
    ['duckdb', 'LOAD httpfs', ['load']],
    ['duckdb', "COPY t TO '/tmp/x.csv'", ['copy']],
    ['duckdb', "ATTACH '/tmp/x.db' AS x", ['attach']],
    ['duckdb', "EXPORT DATABASE '/tmp/x'", ['export']],
    ['duckdb', "IMPORT DATABASE '/tmp/x'", ['import']],
    ['duckdb', "CREATE SECRET s (TYPE s3, KEY_ID 'k')", ['secret']],
    ['duckdb', 'SET enable_external_access = true', ['enable_external_access']],
    ['duckdb', "SET GLOBAL allowed_directories = ['/']", ['allowed_directories']],
    ['duckdb', "EXPLAIN ANALYZE COPY t TO '/tmp/x.csv'", ['copy']],
    // Strings that are values, not tables.
    ['duckdb', "SELECT 'a', 'b' FROM t WHERE x IN ('c', 'd')", []],
    ['duckdb', "SELECT * FROM t WHERE s GLOB 'a*'", []],
    ['duckdb', 'SELECT * FROM main.t, range(10)', []],
    ['duckdb', 'SET threads = 4', []],
  ])('%s: %s', (engine, sql, expected) => {
    expect(findDeniedFunctions(sql, engine)).toEqual(expected);
  });

  it('applies only the engine’s own list', () => {
    expect(findDeniedFunctions("SELECT load_file('x')", 'postgresql')).toEqual([]);
    expect(findDeniedFunctions("SELECT pg_read_file('x')", 'mysql')).toEqual([]);
    expect(findDeniedFunctions("SELECT * FROM read_csv('x')", 'sqlite')).toEqual([]);
  });
});
