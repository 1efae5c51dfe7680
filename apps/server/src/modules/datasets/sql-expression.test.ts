import { describe, expect, it } from 'vitest';
import { sqlExpressionProblem } from './sql-expression';

describe('sqlExpressionProblem', () => {
  it.each([
    'SUM(num)',
    "CASE WHEN state = 'CA' THEN num ELSE 0 END",
    'COUNT(DISTINCT name)',
    'SUM(a) / NULLIF(COUNT(*), 0)',
    "'it''s fine' || name",
    'COALESCE(x, y, 0)',
  ])('accepts %s', (expression) => {
    expect(sqlExpressionProblem(expression, 'postgresql')).toBeNull();
    expect(sqlExpressionProblem(expression, 'duckdb')).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['1=1; DROP TABLE x', /semicolon/],
    // Even inside a string: one rule that needs no lexer to hold.
    ["'a;b'", /semicolon/],
    ['SUM(num) -- trailing', /comments/],
    ['SUM(num) /* c */', /comments/],
    ['(SELECT max(num) FROM birth_names)', /Subqueries/],
    ['SUM(num', /parentheses/],
    ['SUM(num))', /parentheses/],
    ['num, name', /single SQL expression/],
    ['num FROM other', /FROM/],
    ["'open", /unterminated/],
    ["read_csv('/etc/passwd')", /not allowed/],
  ])('refuses %s', (expression, message) => {
    expect(sqlExpressionProblem(expression, 'duckdb')).toMatch(message);
  });

  it('refuses MySQL executable comments', () => {
    expect(sqlExpressionProblem('num /*!50000 , 1 */', 'mysql')).not.toBeNull();
  });

  it.each([
    ['duckdb', 'max((FROM other_table))', /Subqueries/],
    ['duckdb', 'EXISTS(TABLE other_table)', /Subqueries/],
    ['postgresql', 'num IN (VALUES (1))', /Subqueries/],
    ['postgresql', 'ARRAY(WITH t AS (SELECT 1) TABLE t)', /Subqueries/],
    ['postgresql', `U&"pg\\005fread\\005ffile"('/etc/passwd')`, /not allowed/],
    ['postgresql', "current_setting('data_directory')", /not allowed/],
    ['mysql', 'SUM(num) /*M!100000 + 1 */', /executable comments/],
    ['sqlite', "readfile('/etc/passwd')", /not allowed/],
  ] as const)('refuses on %s: %s', (engine, expression, message) => {
    expect(sqlExpressionProblem(expression, engine)).toMatch(message);
  });
});
