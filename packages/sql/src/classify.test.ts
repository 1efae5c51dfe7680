import { describe, expect, it } from 'vitest';
import { classifyScript, classifyStatement } from './classify';
import type { Engine, StatementKind } from './types';

type Row = [engine: Engine, sql: string, readOnly: boolean, kind?: StatementKind];

const ALL: Engine[] = ['postgresql', 'mysql', 'sqlite', 'duckdb'];

/** Reads that every engine must accept as read-only. */
const READS_EVERYWHERE = [
  'SELECT 1',
  'select 1',
  'SELECT 1;',
  '  SELECT a, b FROM t WHERE c = 1 ORDER BY a LIMIT 10  ',
  '(SELECT 1)',
  '((SELECT a FROM t) UNION (SELECT b FROM u))',
  'SELECT * FROM t JOIN u ON t.id = u.id WHERE t.x IN (SELECT y FROM v)',
  'WITH x AS (SELECT 1 AS a) SELECT * FROM x',
  'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r',
  "SELECT 'DROP TABLE x; DELETE FROM t' AS s",
  'SELECT 1 -- DROP TABLE x',
  '/* DELETE FROM t; */ SELECT 1',
  'SELECT 1 /* ; DROP TABLE x; */',
  '-- comment\nSELECT 1',
  "SELECT 'héllo; wörld' AS naïve FROM tàble",
  'SELECT "delete", "update" FROM t',
  'SELECT t.update, t.insert FROM t',
  'SELECT count(*) AS n, max(x) FROM t GROUP BY y HAVING count(*) > 1',
  "SELECT CASE WHEN a > 1 THEN 'x' ELSE 'y' END FROM t",
  'SELECT 😀 FROM t',
];

const TABLE: Row[] = [
  // Plain reads per engine.
  ...ALL.flatMap((engine): Row[] => READS_EVERYWHERE.map((sql): Row => [engine, sql, true])),
  ['postgresql', 'VALUES (1), (2)', true, 'select'],
  ['postgresql', 'TABLE x', true, 'select'],
  ['postgresql', 'SHOW search_path', true, 'other'],
  ['postgresql', 'SHOW ALL', true, 'other'],
  ['postgresql', 'EXPLAIN SELECT 1', true, 'other'],
  ['postgresql', 'EXPLAIN ANALYZE SELECT * FROM t', true, 'other'],
  ['postgresql', 'EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT 1', true, 'other'],
  ['postgresql', 'SELECT $$a;b$$ AS s', true, 'select'],
  ['postgresql', 'SELECT $tag$ ; DROP TABLE x; $tag$ AS s', true, 'select'],
  ['postgresql', "SELECT E'it\\'s; DROP TABLE x' AS s", true, 'select'],
  ['postgresql', 'SELECT $1::int', true, 'select'],
  ['postgresql', 'SELECT a::text, b FROM t WHERE c @> ARRAY[1]', true, 'select'],
  ['postgresql', 'SELECT 1 /* outer /* inner ; DROP TABLE x */ still comment */', true, 'select'],
  ['postgresql', 'SELECT pg_sleep(1)', true, 'select'],
  ['postgresql', 'SELECT import, export FROM trade', true, 'select'],
  ['postgresql', 'SELECT * FROM t WHERE a IS DISTINCT FROM b', true, 'select'],
  ['postgresql', 'SELECT extract(year FROM d) FROM t', true, 'select'],
  ['mysql', 'SHOW TABLES', true, 'other'],
  ['mysql', 'SHOW CREATE TABLE t', true, 'other'],
  ['mysql', 'SHOW FULL PROCESSLIST', true, 'other'],
  ['mysql', 'DESCRIBE t', true, 'other'],
  ['mysql', 'DESC db.t', true, 'other'],
  ['mysql', 'EXPLAIN SELECT * FROM t', true, 'other'],
  ['mysql', 'EXPLAIN FORMAT=JSON SELECT * FROM t', true, 'other'],
  ['mysql', 'EXPLAIN t', true, 'other'],
  ['mysql', 'SELECT `select` FROM `db`.`t`', true, 'select'],
  ['mysql', "SELECT INSERT('Quadratic', 3, 4, 'What')", true, 'select'],
  ['mysql', "SELECT \"it's\" AS a, 'it\\'s' AS b", true, 'select'],
  ['mysql', 'SELECT 1--1', true, 'select'],
  ['mysql', 'SELECT 1 # ; DROP TABLE x', true, 'select'],
  ['mysql', 'SELECT SLEEP(1)', true, 'select'],
  ['sqlite', 'PRAGMA table_info(t)', true, 'other'],
  ['sqlite', 'PRAGMA main.index_list("t")', true, 'other'],
  ['sqlite', 'PRAGMA table_list', true, 'other'],
  ['sqlite', 'SELECT * FROM [my table]', true, 'select'],
  ['sqlite', "SELECT * FROM pragma_table_info('t')", true, 'select'],
  ['sqlite', 'EXPLAIN QUERY PLAN SELECT * FROM t', true, 'other'],
  ['sqlite', 'VALUES (1, 2)', true, 'select'],
  ['duckdb', 'FROM t', true, 'select'],
  ['duckdb', 'FROM t SELECT a WHERE b > 1', true, 'select'],
  ['duckdb', 'SELECT * EXCLUDE (a) FROM t', true, 'select'],
  ['duckdb', 'SELECT * REPLACE (a + 1 AS a) FROM t', true, 'select'],
  ['duckdb', 'SELECT [1, 2, 3] AS l, {a: 1} AS s', true, 'select'],
  ['duckdb', 'DESCRIBE t', true, 'other'],
  ['duckdb', 'DESCRIBE SELECT * FROM t', true, 'other'],
  ['duckdb', 'SUMMARIZE t', true, 'other'],
  ['duckdb', 'SHOW TABLES', true, 'other'],
  ['duckdb', "PRAGMA table_info('t')", true, 'other'],
  ['duckdb', 'PRAGMA version', true, 'other'],
  ['duckdb', 'PIVOT t ON year USING sum(x)', true, 'select'],

  // Hostile and writing statements.
  ...ALL.flatMap((engine): Row[] => [
    [engine, 'SELECT 1; DROP TABLE x', false],
    [engine, "SELECT ';'; DROP TABLE x", false],
    [engine, '/* */ DELETE FROM t', false, 'dml'],
    [engine, '-- comment\nDROP TABLE x', false, 'ddl'],
    [engine, 'DELETE FROM t', false, 'dml'],
    [engine, 'UPDATE t SET a = 1', false, 'dml'],
    [engine, 'INSERT INTO t VALUES (1)', false, 'dml'],
    [engine, 'CREATE TABLE t (a int)', false, 'ddl'],
    [engine, 'CREATE TABLE t AS SELECT 1', false, 'ddl'],
    [engine, 'ALTER TABLE t ADD COLUMN b int', false, 'ddl'],
    [engine, 'DROP VIEW v', false, 'ddl'],
    [engine, 'BEGIN; DELETE FROM t; COMMIT', false],
    [engine, 'BEGIN', false, 'other'],
    [engine, 'COMMIT', false, 'other'],
    [engine, 'SELECT * FROM t WHERE a = 1; UPDATE t SET a = 2', false],
    [engine, 'WITH x AS (SELECT 1) DELETE FROM t', false, 'dml'],
    [engine, 'WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x', false, 'dml'],
    [engine, 'WITH x AS (SELECT 1) UPDATE t SET a = 1', false, 'dml'],
    [engine, "SELECT 'abc", false],
    [engine, 'SELECT 1 /* never closed', false],
    [engine, 'EXPLAIN DELETE FROM t', false],
    [engine, 'EXPLAIN ANALYZE DELETE FROM t', false],
    [engine, '', false],
    [engine, '-- only a comment', false],
    [engine, 'SELECT (1; DROP TABLE x)', false],
    [engine, '(DELETE FROM t)', false],
    [engine, 'GRANT SELECT ON t TO someone', false],
  ]),
  ['postgresql', 'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', false, 'dml'],
  ['postgresql', 'WITH d AS (UPDATE t SET a = 1 RETURNING *) SELECT * FROM d', false, 'dml'],
  ['postgresql', 'WITH d AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM d', false, 'dml'],
  ['postgresql', 'WITH a AS (SELECT 1), d AS MATERIALIZED (DELETE FROM t RETURNING *) SELECT 1', false],
  ['postgresql', 'SELECT * INTO t2 FROM t', false, 'dml'],
  ['postgresql', 'SELECT * INTO TEMP t2 FROM t', false, 'dml'],
  ['postgresql', 'SELECT * FROM t FOR UPDATE', false, 'select'],
  ['postgresql', 'SELECT * FROM t FOR NO KEY UPDATE SKIP LOCKED', false, 'select'],
  ['postgresql', 'SELECT * FROM t FOR SHARE', false, 'select'],
  ['postgresql', 'SELECT * FROM (SELECT * FROM t FOR UPDATE) s', false, 'select'],
  ['postgresql', 'EXPLAIN ANALYZE DELETE FROM t', false, 'other'],
  ['postgresql', 'EXPLAIN (ANALYZE) UPDATE t SET a = 1', false, 'other'],
  ['postgresql', 'EXPLAIN ANALYZE WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', false],
  ['postgresql', 'EXPLAIN ANALYZE CREATE TABLE x AS SELECT 1', false],
  ['postgresql', "COPY t TO PROGRAM 'id'", false, 'dml'],
  ['postgresql', "COPY (SELECT 1) TO '/tmp/x'", false],
  ['postgresql', 'SET ROLE postgres', false, 'other'],
  ['postgresql', 'SET search_path = evil', false],
  ['postgresql', 'RESET ROLE', false],
  ['postgresql', "DO $$ BEGIN EXECUTE 'DROP TABLE x'; END $$", false],
  ['postgresql', 'CALL p()', false],
  ['postgresql', 'VACUUM t', false],
  ['postgresql', 'ANALYZE t', false],
  ['postgresql', 'LOCK TABLE t', false],
  ['postgresql', 'TRUNCATE t', false, 'ddl'],
  ['postgresql', 'MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE', false, 'dml'],
  ['postgresql', 'PREPARE p AS DELETE FROM t; EXECUTE p', false],
  ['postgresql', 'REFRESH MATERIALIZED VIEW v', false],
  ['postgresql', 'SELECT 1 $$ ; DROP TABLE x', false],
  ['postgresql', "SELECT '\\'; DROP TABLE x; --'", false],
  ['postgresql', 'PRAGMA table_info(t)', false],
  ['mysql', "SELECT * FROM t INTO OUTFILE '/tmp/x'", false, 'dml'],
  ['mysql', 'SELECT * INTO @v FROM t', false, 'dml'],
  ['mysql', "SELECT 1 INTO DUMPFILE '/tmp/x'", false],
  ['mysql', 'SELECT * FROM t FOR UPDATE', false, 'select'],
  ['mysql', 'SELECT * FROM t LOCK IN SHARE MODE', false, 'select'],
  ['mysql', 'REPLACE INTO t VALUES (1)', false, 'dml'],
  ['mysql', "LOAD DATA INFILE '/etc/passwd' INTO TABLE t", false],
  ['mysql', 'DO SLEEP(1)', false],
  ['mysql', 'SET @a = 1', false],
  ['mysql', 'USE other_db', false],
  ['mysql', 'HANDLER t OPEN', false],
  ['mysql', 'KILL 1', false],
  ['mysql', 'FLUSH PRIVILEGES', false],
  // Executable comments are refused by the lexer whatever they hold.
  ['mysql', '/*!50000 DROP TABLE x */', false, 'other'],
  ['mysql', 'SELECT 1 /*!; DROP TABLE x */', false],
  ['mysql', 'SELECT 1 /*M!; DELETE FROM t */', false],
  ['mysql', "SELECT 'a\\'; DROP TABLE x; -- '", false],
  ['mysql', 'SELECT 1--1; DROP TABLE x', false],
  ['mysql', 'EXPLAIN ANALYZE DELETE FROM t', false],
  ['mysql', 'ANALYZE DELETE FROM t', false],
  ['mysql', 'DESCRIBE DELETE FROM t', false],
  ['sqlite', 'PRAGMA journal_mode = WAL', false],
  ['sqlite', 'PRAGMA writable_schema = 1', false],
  ['sqlite', 'PRAGMA table_info = t', false],
  ['sqlite', "ATTACH DATABASE '/tmp/x.db' AS x", false],
  ['sqlite', "VACUUM INTO '/tmp/x.db'", false],
  ['sqlite', 'REPLACE INTO t VALUES (1)', false, 'dml'],
  ['sqlite', 'WITH x AS (SELECT 1) REPLACE INTO t SELECT * FROM x', false, 'dml'],
  ['sqlite', 'CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM u; END', false, 'ddl'],
  ['duckdb', "COPY t TO '/tmp/x.csv'", false],
  ['duckdb', 'INSTALL httpfs', false],
  ['duckdb', 'LOAD httpfs', false],
  ['duckdb', "ATTACH '/tmp/x.db' AS x", false],
  ['duckdb', "EXPORT DATABASE '/tmp/x'", false],
  ['duckdb', 'SET enable_external_access = true', false],
  ['duckdb', 'PRAGMA enable_profiling', false],
  ['duckdb', "CREATE SECRET (TYPE s3, KEY_ID 'x')", false, 'ddl'],
  ['duckdb', 'EXPLAIN ANALYZE DELETE FROM t', false],
  ['duckdb', 'SELECT 1 /* a /* b */ ; DROP TABLE x; /* */ */', false],
  ['duckdb', 'SUMMARIZE DELETE FROM t', false],
];

describe('classifyStatement', () => {
  it.each(TABLE)('%s: %j -> readOnly %s', (engine, sql, readOnly, kind) => {
    const result = classifyStatement(sql, engine);
    expect(result.readOnly, JSON.stringify(result)).toBe(readOnly);
    if (kind) expect(result.kind).toBe(kind);
    if (!readOnly) expect(result.reason).toBeTruthy();
  });

  it('names the reason of a refusal', () => {
    expect(classifyStatement('SELECT * INTO t2 FROM t', 'postgresql').reason).toMatch(/INTO/);
    expect(classifyStatement('SELECT * FROM t FOR UPDATE', 'postgresql').reason).toMatch(/lock/);
    expect(classifyStatement('SELECT 1; SELECT 2', 'postgresql').reason).toMatch(/2 statements/);
    expect(classifyStatement("SELECT 'a\\'; DROP TABLE x; -- '", 'mysql').reason).toMatch(/backslash/);
  });

  it('refuses an unparseable read-looking statement that carries a writing keyword at top level', () => {
    // The PEG parser does not know DuckDB's FROM-first syntax, so the lexical check decides.
    expect(classifyStatement('FROM t SELECT a', 'duckdb').readOnly).toBe(true);
    const result = classifyStatement('FROM t SET a = 1', 'duckdb');
    expect(result.readOnly).toBe(false);
    expect(result.reason).toMatch(/contains SET.*could not be parsed/);
  });

  it('asks the parser only to clear a top-level writing keyword that is a name', () => {
    expect(classifyStatement('SELECT load, import FROM t', 'postgresql').readOnly).toBe(true);
    expect(classifyStatement('SELECT copy FROM t ORDER BY copy', 'mysql').readOnly).toBe(true);
  });

  it('does not hand deeply nested statements to the parser (its time is exponential in depth)', () => {
    // At this depth node-sql-parser would run for hours or abort the process; the budget keeps it out.
    const deep = `SELECT set, ${'('.repeat(40)}1 +${')'.repeat(40)} FROM t`;
    for (const engine of ['postgresql', 'mysql', 'sqlite', 'duckdb'] as const) {
      const result = classifyStatement(deep, engine);
      expect(result.readOnly).toBe(false);
      expect(result.reason).toMatch(/could not be parsed/);
    }
    const deepRead = `SELECT ${'('.repeat(40)}1${')'.repeat(40)} FROM t`;
    expect(classifyStatement(deepRead, 'postgresql').readOnly).toBe(true);
  });
});

describe('classifyScript', () => {
  it('is read-only only when every statement is', () => {
    const ok = classifyScript('SELECT 1; -- c\nSELECT 2;', 'postgresql');
    expect(ok.readOnly).toBe(true);
    expect(ok.statements.map((s) => s.text)).toEqual(['SELECT 1', 'SELECT 2']);
    const bad = classifyScript('SELECT 1; DELETE FROM t', 'postgresql');
    expect(bad.readOnly).toBe(false);
    expect(bad.statements.map((s) => [s.kind, s.readOnly])).toEqual([
      ['select', true],
      ['dml', false],
    ]);
  });

  it('is not read-only when another server setting would split the script differently', () => {
    const result = classifyScript("SELECT 'a\\'; DROP TABLE x; -- '", 'mysql');
    expect(result.readOnly).toBe(false);
  });

  it('is not read-only when empty', () => {
    expect(classifyScript('-- nothing', 'sqlite').readOnly).toBe(false);
  });
});
