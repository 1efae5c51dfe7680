import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINES, deniedCallExpression, subqueryExpression } from '../../../test/sql-variants';
import { checkAdhocSql } from './adhoc-sql';
import { ChartDataError } from './chart-data-error';

const refusal = (
  sql: string,
  engine: 'postgresql' | 'mysql' | 'sqlite' | 'duckdb' = 'postgresql',
  allowSubquery = false,
) => {
  try {
    checkAdhocSql(sql, engine, 'WHERE', { allowSubquery });
  } catch (error) {
    if (error instanceof ChartDataError) return error.errorType;
    throw error;
  }
  return null;
};

describe('checkAdhocSql', () => {
  it('accepts ordinary expressions, strings holding SQL-looking text, and quoted names', () => {
    expect(refusal("state IN ('CA', 'NY') AND num > 10")).toBeNull();
    expect(refusal("name = 'x; DROP TABLE y -- /*'")).toBeNull();
    expect(refusal('"select" = 1')).toBeNull();
    expect(refusal('EXTRACT(YEAR FROM ds) = 2000 AND CASE WHEN a THEN 1 ELSE 0 END = 1')).toBeNull();
    expect(checkAdhocSql('  num > 1  ', 'postgresql', 'WHERE', { allowSubquery: false })).toBe('num > 1');
  });

  it('refuses separators, comments, unbalanced parentheses and statements', () => {
    for (const sql of [
      '1=1; DROP TABLE x',
      '1=1 -- ',
      '1=1 /* */',
      'a /* x */ = 1',
      '(1=1',
      '1=1)',
      ')(',
      'DROP TABLE x',
      "name = 'open",
      '',
    ])
      expect(refusal(sql), sql).toBe('INVALID_SQL_ERROR');
    expect(refusal('1=1 # comment', 'mysql')).toBe('INVALID_SQL_ERROR');
    expect(refusal("name = 'a\\' OR 1=1 -- '", 'mysql')).toBe('INVALID_SQL_ERROR');
  });

  it('refuses subqueries unless allowed, and deny-listed functions always', () => {
    expect(refusal('(SELECT 1) = 1')).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect(refusal('num IN (WITH t AS (SELECT 1) SELECT * FROM t)')).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect(refusal('1=1 UNION SELECT 1', 'postgresql', true)).toBe('INVALID_SQL_ERROR');
    expect(refusal('num > (SELECT 1)', 'postgresql', true)).toBeNull();
    expect(refusal("pg_read_file('/etc/passwd') IS NULL")).toBe('INVALID_SQL_ERROR');
    expect(refusal("read_csv('/etc/passwd') IS NULL", 'duckdb')).toBe('INVALID_SQL_ERROR');
  });

  it('refuses every subquery form per engine (issue 9, item 3)', () => {
    const engines = ['postgresql', 'mysql', 'sqlite', 'duckdb'] as const;
    for (const engine of engines) {
      for (const sql of [
        'max((SELECT 1))',
        'max((WITH t AS (SELECT 1 AS a) SELECT a FROM t))',
        'max((VALUES (1)))',
        'max((TABLE other_table))',
        'EXISTS(SELECT 1)',
        'num IN (SELECT 1)',
        'ARRAY(SELECT 1) IS NULL',
        'num = ANY (SELECT 1)',
        'max((FROM other_table))',
        'count(*) FILTER (WHERE num IN (FROM other_table))',
        'max(num) + (select 1)',
      ]) {
        expect(refusal(sql, engine), `${engine}: ${sql}`).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
      }
    }
    for (const sql of [
      'max((FROM other_table))',
      '(PIVOT t ON k USING sum(v)) IS NULL',
      '(DESCRIBE t) IS NULL',
      '(DESC other_table) IS NULL',
      'max((SUMMARIZE other_table))',
    ]) {
      expect(refusal(sql, 'duckdb'), sql).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    }
    expect(refusal('max((FROM other_table))', 'duckdb', true)).toBeNull();
  });

  it('keeps FROM inside EXTRACT, SUBSTRING, TRIM and IS DISTINCT FROM', () => {
    for (const engine of ['postgresql', 'duckdb'] as const) {
      expect(refusal("EXTRACT(YEAR FROM ts) = 2024 AND SUBSTRING(k FROM 1 FOR 2) = 'we'", engine)).toBeNull();
      expect(refusal("TRIM(BOTH 'x' FROM k) IS DISTINCT FROM 'a'", engine)).toBeNull();
      expect(refusal('EXTRACT(YEAR FROM (FROM t)) = 1', engine)).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    }
  });

  it('allows only listed functions, refusing unknown, qualified and escaped names', () => {
    expect(refusal('SUM(v) / NULLIF(COUNT(DISTINCT k), 0)')).toBeNull();
    expect(refusal("CAST(v AS NUMERIC(10, 2)) + v::numeric(4,1) + date_part('year', ts)")).toBeNull();
    expect(refusal('ROUND(AVG(v), 2) + rank() OVER (PARTITION BY k ORDER BY ts)')).toBeNull();
    expect(refusal('percentile_cont(0.5) WITHIN GROUP (ORDER BY v) + COALESCE(MAX(v), 0)')).toBeNull();
    expect(refusal('CAST(ts AS TIMESTAMP WITH TIME ZONE) IS NOT NULL')).toBeNull();
    expect(refusal("k LIKE ('a%') OR k NOT LIKE ('b%') OR v MOD (2) = 0", 'mysql')).toBeNull();
    expect(refusal("k GLOB 'a*' AND k NOT GLOB 'b*'", 'duckdb')).toBeNull();
    expect(refusal('rank() OVER (ORDER BY v DESC) = 1')).toBeNull();
    expect(
      refusal("IF(k = 'a', 1, 0) + CONVERT(v, DECIMAL(10, 2)) + DATE_FORMAT(ts, '%Y')", 'mysql'),
    ).toBeNull();
    expect(refusal("strftime('%Y', ts) = '2024' AND iif(v > 1, 1, 0) = 1", 'sqlite')).toBeNull();
    expect(refusal("median(v) + date_diff('day', ts, now()) + k.upper() IS NULL", 'duckdb')).toBeNull();
    for (const [engine, sql] of [
      ['postgresql', "current_setting('data_directory') IS NULL"],
      ['postgresql', 'pg_sleep(10) IS NULL'],
      ['postgresql', 'my_schema.sum(v)'],
      ['postgresql', `U&"pg\\005fread\\005ffile"('/etc/passwd') IS NULL`],
      ['postgresql', `U&"pg!005fread!005ffile" UESCAPE '!' ('/etc/passwd') IS NULL`],
      ['postgresql', `"pg_catalog"."pg_read_file"('/etc/passwd') IS NULL`],
      ['postgresql', "COUNT(*) FILTER (WHERE pg_catalog.set_config('role', 'x', true) IS NULL)"],
      ['mysql', 'SLEEP(5) = 0'],
      ['mysql', "`load_file`('/etc/passwd') IS NULL"],
      ['mysql', '"load_file"(\'/etc/passwd\') IS NULL'],
      ['mysql', 'db.f(1) = 1'],
      ['sqlite', "load_extension('x') IS NULL"],
      ['duckdb', 'k.read_text() IS NULL'],
      ['duckdb', "getvariable('x') IS NULL"],
      ['duckdb', "NOT glob('/etc/*') IS NULL"],
      ['duckdb', 'COLUMNS(*) IS NULL'],
      ['sqlite', "like('a', k)"],
    ] as const) {
      expect(refusal(sql, engine), `${engine}: ${sql}`).toBe('INVALID_SQL_ERROR');
    }
  });

  it('refuses MySQL executable comments and reads MySQL strings as MySQL does (issue 9, item 2)', () => {
    expect(refusal('SUM(v) /*!99999 , 1 */', 'mysql')).toBe('INVALID_SQL_ERROR');
    expect(refusal("k = '/*!' AND v = 1", 'mysql')).toBeNull();
    expect(refusal("k = 'it\\'s' AND v = 1", 'mysql')).toBe('INVALID_SQL_ERROR');
  });

  it.each(ENGINES)('refuses generated subqueries and disguised denied calls on %s (property)', (engine) => {
    fc.assert(
      fc.property(subqueryExpression(engine), (sql) => {
        expect(refusal(sql, engine), sql).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(deniedCallExpression(engine), (sql) => {
        expect(refusal(sql, engine), sql).toBe('INVALID_SQL_ERROR');
      }),
      { numRuns: 100 },
    );
  });
});
