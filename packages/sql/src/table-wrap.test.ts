import { describe, expect, it } from 'vitest';
import { readTables, wrapTables } from './table-wrap';

const ca = (ref: { table: string }) => (ref.table.toLowerCase() === 'birth_names' ? "(state = 'CA')" : null);

describe('wrapTables', () => {
  it('wraps each reference of the table, keeping or giving an alias', () => {
    const result = wrapTables(
      'SELECT b.state, n FROM birth_names b JOIN other o ON o.id = b.id, main.birth_names WHERE 1 = 1',
      'sqlite',
      ca,
    );
    expect(result).toEqual({
      sql:
        "SELECT b.state, n FROM (SELECT * FROM birth_names WHERE (state = 'CA')) b JOIN other o ON o.id = b.id, " +
        '(SELECT * FROM main.birth_names WHERE (state = \'CA\')) AS "birth_names" WHERE 1 = 1',
      tables: [
        { schema: null, table: 'birth_names' },
        { schema: null, table: 'other' },
        { schema: 'main', table: 'birth_names' },
      ],
    });
  });

  it('wraps tables inside subqueries, CTE bodies and names that a CTE shadows', () => {
    // The CTE body's birth_names is the table; filtering the outer one too fails closed, never open.
    const sql = 'WITH birth_names AS (SELECT * FROM birth_names) SELECT * FROM birth_names';
    const wrapped = `(SELECT * FROM birth_names WHERE (state = 'CA')) AS "birth_names"`;
    expect(wrapTables(sql, 'postgresql', ca)).toEqual({
      sql: `WITH birth_names AS (SELECT * FROM ${wrapped}) SELECT * FROM ${wrapped}`,
      tables: [
        { schema: null, table: 'birth_names' },
        { schema: null, table: 'birth_names' },
      ],
    });
    const nested = wrapTables('SELECT * FROM (SELECT state FROM birth_names AS x) AS t', 'mysql', ca);
    expect('sql' in nested && nested.sql).toBe(
      "SELECT * FROM (SELECT state FROM (SELECT * FROM birth_names WHERE (state = 'CA')) AS x) AS t",
    );
  });

  it('refuses text whose readings disagree on the tables it reads', () => {
    // Nested block comments hide birth_names; flat ones show it (DuckDB's nesting is not known).
    const sneaky = 'SELECT * FROM /* /* */ birth_names /* */ */ other';
    expect(wrapTables(sneaky, 'duckdb', ca)).toEqual({
      refusal: 'the SQL reads differently under the database settings.',
    });
    expect(readTables(sneaky, 'duckdb')).toBeNull();
    expect(readTables('SELECT 1', 'duckdb')).toEqual([]);
  });
});
