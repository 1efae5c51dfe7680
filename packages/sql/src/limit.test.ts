import { describe, expect, it } from 'vitest';
import { applyLimit } from './limit';
import type { Engine, LimitingFactor } from './types';

describe('applyLimit', () => {
  it.each<[Engine, string, number, number | null, number, LimitingFactor]>([
    ['postgresql', 'SELECT * FROM t', 1000, null, 1000, 'DROPDOWN'],
    ['postgresql', 'SELECT * FROM t LIMIT 10', 1000, 10, 10, 'QUERY'],
    ['postgresql', 'SELECT * FROM t LIMIT 1000', 1000, 1000, 1000, 'QUERY_AND_DROPDOWN'],
    ['postgresql', 'SELECT * FROM t LIMIT 5000', 1000, 5000, 1000, 'DROPDOWN'],
    ['postgresql', 'select * from t limit 10;', 1000, 10, 10, 'QUERY'],
    ['postgresql', 'SELECT * FROM (SELECT * FROM a LIMIT 3) s', 100, null, 100, 'DROPDOWN'],
    ['postgresql', 'SELECT * FROM (SELECT * FROM a LIMIT 3) s LIMIT 50', 100, 50, 50, 'QUERY'],
    ['postgresql', 'WITH x AS (SELECT * FROM a LIMIT 3) SELECT * FROM x', 100, null, 100, 'DROPDOWN'],
    ['postgresql', 'WITH x AS (SELECT * FROM a LIMIT 3) SELECT * FROM x LIMIT 7', 100, 7, 7, 'QUERY'],
    ['postgresql', 'SELECT * FROM t WHERE id IN (SELECT id FROM u LIMIT 2)', 100, null, 100, 'DROPDOWN'],
    ['postgresql', 'SELECT * FROM t LIMIT 10 OFFSET 20', 100, 10, 10, 'QUERY'],
    ['postgresql', 'SELECT * FROM t OFFSET 20 LIMIT 10', 100, 10, 10, 'QUERY'],
    ['postgresql', 'SELECT * FROM t FETCH FIRST 5 ROWS ONLY', 100, 5, 5, 'QUERY'],
    [
      'postgresql',
      'SELECT * FROM t OFFSET 3 ROWS FETCH NEXT 100 ROWS ONLY',
      100,
      100,
      100,
      'QUERY_AND_DROPDOWN',
    ],
    ['postgresql', 'SELECT * FROM t FETCH FIRST ROW ONLY', 100, 1, 1, 'QUERY'],
    ['postgresql', 'SELECT * FROM t LIMIT ALL', 100, null, 100, 'DROPDOWN'],
    ['postgresql', 'SELECT * FROM t LIMIT $1', 100, null, 100, 'DROPDOWN'],
    ['postgresql', 'SELECT * FROM t LIMIT 5 + 5', 100, null, 100, 'DROPDOWN'],
    ['postgresql', 'SELECT * FROM t LIMIT 0', 100, 0, 0, 'QUERY'],
    ['postgresql', '(SELECT * FROM t LIMIT 5)', 100, 5, 5, 'QUERY'],
    ['postgresql', '(SELECT a FROM t) UNION ALL (SELECT a FROM u LIMIT 2)', 100, null, 100, 'DROPDOWN'],
    ['postgresql', '(SELECT a FROM t) UNION ALL (SELECT a FROM u) LIMIT 2', 100, 2, 2, 'QUERY'],
    ['postgresql', "SELECT 'LIMIT 5' AS s -- LIMIT 6", 100, null, 100, 'DROPDOWN'],
    ['postgresql', 'SELECT "limit" FROM t', 100, null, 100, 'DROPDOWN'],
    ['postgresql', 'VALUES (1), (2) LIMIT 1', 100, 1, 1, 'QUERY'],
    ['mysql', 'SELECT * FROM t LIMIT 5, 10', 100, 10, 10, 'QUERY'],
    ['mysql', 'SELECT * FROM t LIMIT 5, 1000', 100, 1000, 100, 'DROPDOWN'],
    ['mysql', 'SELECT * FROM t LIMIT 10 OFFSET 5', 100, 10, 10, 'QUERY'],
    ['sqlite', 'SELECT * FROM t LIMIT 2, 3', 100, 3, 3, 'QUERY'],
    ['duckdb', 'FROM t LIMIT 4', 100, 4, 4, 'QUERY'],
    ['duckdb', 'SELECT * FROM t LIMIT 10%', 100, null, 100, 'DROPDOWN'],
    ['postgresql', 'SELECT * FROM t LIMIT 1_000', 5000, 1000, 1000, 'QUERY'],
  ])('%s: %s (queryLimit %i)', (engine, sql, queryLimit, sqlLimit, limit, factor) => {
    const result = applyLimit(sql, engine, queryLimit);
    expect(result).toEqual({ sql, limit, limitingFactor: factor, sqlLimit });
  });

  it.each<[Engine, string]>([
    ['postgresql', 'DELETE FROM t'],
    ['postgresql', 'SHOW search_path'],
    ['postgresql', 'EXPLAIN SELECT * FROM t LIMIT 5'],
    ['mysql', 'UPDATE t SET a = 1 LIMIT 5'],
    ['sqlite', 'PRAGMA table_info(t)'],
    ['postgresql', 'WITH x AS (SELECT 1) DELETE FROM t'],
  ])('leaves %s statements unlimited: %s', (engine, sql) => {
    expect(applyLimit(sql, engine, 100)).toEqual({
      sql,
      limit: 100,
      limitingFactor: 'UNKNOWN',
      sqlLimit: null,
    });
  });
});
