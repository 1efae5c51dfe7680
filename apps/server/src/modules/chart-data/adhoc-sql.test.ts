import { describe, expect, it } from 'vitest';
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
});
