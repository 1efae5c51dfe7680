import { describe, expect, it } from 'vitest';
import { splitStatements } from './split';
import type { Engine } from './types';

const texts = (sql: string, engine: Engine): string[] => splitStatements(sql, engine).map((s) => s.text);

describe('splitStatements', () => {
  it('keeps text, offsets, line and column of each statement', () => {
    const sql = "SELECT ';';  DROP TABLE x;\n-- only a comment\n;\n  /* lead */ SELECT 2 -- trailing\n";
    const statements = splitStatements(sql, 'postgresql');
    expect(statements).toEqual([
      { index: 0, text: "SELECT ';'", start: 0, end: 10, line: 1, column: 1 },
      { index: 1, text: 'DROP TABLE x', start: 13, end: 25, line: 1, column: 14 },
      { index: 2, text: 'SELECT 2', start: 60, end: 68, line: 4, column: 14 },
    ]);
    for (const s of statements) expect(sql.slice(s.start, s.end)).toBe(s.text);
  });

  it('counts lines across \\r\\n and lone \\r', () => {
    const statements = splitStatements('SELECT 1;\r\nSELECT 2;\rSELECT 3', 'sqlite');
    expect(statements.map((s) => [s.line, s.column])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
  });

  it('drops empty and comment-only statements', () => {
    expect(texts(';;  ; -- x\n; /* y */ ;', 'postgresql')).toEqual([]);
    expect(texts('', 'mysql')).toEqual([]);
    expect(texts('SELECT 1;;;SELECT 2;', 'mysql')).toEqual(['SELECT 1', 'SELECT 2']);
  });

  it.each<[Engine, string, string[]]>([
    ['postgresql', "SELECT 'a;''b'; SELECT 2", ["SELECT 'a;''b'", 'SELECT 2']],
    ['postgresql', 'SELECT "a;b" FROM t; SELECT 2', ['SELECT "a;b" FROM t', 'SELECT 2']],
    ['postgresql', "SELECT E'\\';'; SELECT 2", ["SELECT E'\\';'", 'SELECT 2']],
    ['postgresql', 'SELECT $$;$$; SELECT $fn$ a; $$ b; $fn$', ['SELECT $$;$$', 'SELECT $fn$ a; $$ b; $fn$']],
    ['postgresql', 'SELECT $1; SELECT 2', ['SELECT $1', 'SELECT 2']],
    ['postgresql', 'SELECT 1 /* a /* ; */ ; */; SELECT 2', ['SELECT 1', 'SELECT 2']],
    ['postgresql', "SELECT '\\'; SELECT 2", ["SELECT '\\'", 'SELECT 2']],
    ['mysql', "SELECT 'a\\';b'; SELECT 2", ["SELECT 'a\\';b'", 'SELECT 2']],
    ['mysql', 'SELECT "a;b", `c;d` FROM t; SELECT 2', ['SELECT "a;b", `c;d` FROM t', 'SELECT 2']],
    ['mysql', 'SELECT 1 # ; x\n; SELECT 2', ['SELECT 1', 'SELECT 2']],
    ['mysql', 'SELECT 1--1; SELECT 2', ['SELECT 1--1', 'SELECT 2']],
    ['mysql', 'SELECT 1 -- ; x\n; SELECT 2', ['SELECT 1', 'SELECT 2']],
    ['mysql', 'SELECT 1 /* a /* ; */ ; SELECT 2', ['SELECT 1', 'SELECT 2']],
    // The comment is skipped as a comment; the lexer's refusal (see lexer.test.ts) refuses the script.
    ['mysql', 'SELECT 1 /*!; DROP TABLE x */', ['SELECT 1']],
    ['sqlite', 'SELECT [a;b] FROM t; SELECT 2', ['SELECT [a;b] FROM t', 'SELECT 2']],
    ['sqlite', "SELECT '\\'; SELECT 2", ["SELECT '\\'", 'SELECT 2']],
    ['duckdb', 'SELECT $$;$$; SELECT [1, 2]', ['SELECT $$;$$', 'SELECT [1, 2]']],
    [
      'postgresql',
      "SELECT 'ünï;cødé' AS \"名;前\"; SELECT '😀;'",
      ['SELECT \'ünï;cødé\' AS "名;前"', "SELECT '😀;'"],
    ],
  ])('%s: %j', (engine, sql, expected) => {
    expect(texts(sql, engine)).toEqual(expected);
  });

  it('splits on a semicolon inside parentheses so a stray "(" cannot hide a statement', () => {
    expect(texts('SELECT (1; DROP TABLE x)', 'postgresql')).toEqual(['SELECT (1', 'DROP TABLE x)']);
  });

  it('keeps trigger and routine bodies whole', () => {
    const trigger =
      'CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE u SET n = CASE WHEN n > 0 THEN n + 1 END; DELETE FROM v; END';
    expect(texts(`${trigger}; SELECT 1`, 'sqlite')).toEqual([trigger, 'SELECT 1']);
    const fn = 'CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT 2; END';
    expect(texts(`${fn}; SELECT 3`, 'postgresql')).toEqual([fn, 'SELECT 3']);
    const mysqlTrigger =
      'CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN IF NEW.a < 0 THEN SET NEW.a = 0; END IF; END';
    expect(texts(`${mysqlTrigger}; SELECT 1`, 'mysql')).toEqual([mysqlTrigger, 'SELECT 1']);
    expect(texts('BEGIN; SELECT 1; COMMIT', 'sqlite')).toEqual(['BEGIN', 'SELECT 1', 'COMMIT']);
  });

  it('keeps an unterminated string to the end of the script', () => {
    expect(texts("SELECT 1; SELECT 'abc; SELECT 2", 'postgresql')).toEqual([
      'SELECT 1',
      "SELECT 'abc; SELECT 2",
    ]);
  });
});
