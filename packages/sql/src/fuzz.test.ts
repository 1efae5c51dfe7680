import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyStatement } from './classify';
import { findDeniedFunctions } from './deny-list';
import { findDisallowedFunction, findSubquery } from './expression';
import { tokenize } from './lexer';
import { applyLimit } from './limit';
import { splitStatements } from './split';
import type { Engine } from './types';

const engines = fc.constantFrom<Engine>('postgresql', 'mysql', 'sqlite', 'duckdb');

/** Text built from SQL-ish fragments, so quotes, comments and semicolons collide often. */
const sqlish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ';',
        "'",
        '"',
        '`',
        '$$',
        '$a$',
        '--',
        '#',
        '/*',
        '*/',
        '/*!',
        '/*M!',
        'U&"',
        "U&'",
        "UESCAPE '!'",
        '\\005f',
        '!+00005F',
        '\\',
        '\n',
        '(',
        ')',
        '[',
        ']',
        'E',
        ' ',
        'SELECT ',
        'DROP TABLE x',
        'INTO ',
        'FROM ',
        "'x'",
        'é',
        '😀',
        'LIMIT 5',
        ',',
      ),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('properties', () => {
  it('splitStatements cuts exact, ordered slices and never throws', () => {
    fc.assert(
      fc.property(sqlish, engines, (sql, engine) => {
        let previousEnd = 0;
        for (const s of splitStatements(sql, engine)) {
          expect(sql.slice(s.start, s.end)).toBe(s.text);
          expect(s.text.length).toBeGreaterThan(0);
          // No leading blanks; trailing ones only inside a string left open to the end.
          expect(s.text).toBe(s.text.trimStart());
          expect(s.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = s.end;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('classification, deny-list scans and limits never throw', () => {
    fc.assert(
      fc.property(sqlish, engines, (sql, engine) => {
        const result = classifyStatement(sql, engine);
        expect(['select', 'dml', 'ddl', 'other']).toContain(result.kind);
        expect(Array.isArray(findDeniedFunctions(sql, engine))).toBe(true);
        expect(applyLimit(sql, engine, 100).sql).toBe(sql);
        const { tokens } = tokenize(sql, engine);
        expect(() => findSubquery(tokens, engine)).not.toThrow();
        expect(() => findDisallowedFunction(tokens, engine)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('whatever follows a read after a semicolon makes the text not read-only', () => {
    fc.assert(
      fc.property(sqlish, engines, (tail, engine) => {
        const sql = `SELECT 1; ${tail}`;
        if (splitStatements(sql, engine).length > 1)
          expect(classifyStatement(sql, engine).readOnly).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('the content of a properly quoted string never changes the verdict', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), engines, (content, engine) => {
        // PostgreSQL may run with backslash escapes on, where a backslash changes the string's end.
        fc.pre(engine !== 'postgresql' || !content.includes('\\'));
        const escaped =
          engine === 'mysql'
            ? content.replace(/\\/g, '\\\\').replace(/'/g, "''")
            : content.replace(/'/g, "''");
        const sql = `SELECT '${escaped}' AS s FROM t`;
        expect(classifyStatement(sql, engine)).toEqual({ kind: 'select', readOnly: true });
        expect(findDeniedFunctions(sql, engine)).toEqual([]);
        expect(splitStatements(sql, engine)).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });

  it('the effective limit is the smaller of the SQL limit and the dropdown', () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.integer({ min: 1, max: 100_000 }),
        engines,
        (sqlLimit, queryLimit, engine) => {
          const result = applyLimit(`SELECT * FROM t LIMIT ${sqlLimit}`, engine, queryLimit);
          expect(result.limit).toBe(Math.min(sqlLimit, queryLimit));
          expect(result.sqlLimit).toBe(sqlLimit);
          const factor =
            sqlLimit < queryLimit ? 'QUERY' : sqlLimit === queryLimit ? 'QUERY_AND_DROPDOWN' : 'DROPDOWN';
          expect(result.limitingFactor).toBe(factor);
        },
      ),
      { numRuns: 200 },
    );
  });
});
