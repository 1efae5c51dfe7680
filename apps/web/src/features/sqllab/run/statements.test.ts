import { describe, expect, it } from 'vitest';
import { splitStatements, statementAt } from './statements';

describe('splitStatements', () => {
  it('splits on semicolons outside strings, identifiers and comments', () => {
    const sql = `SELECT ';' AS a; -- not ; here\nSELECT "x;y" FROM t /* ; */;\nSELECT $$a;b$$`;
    expect(splitStatements(sql).map((s) => s.text)).toEqual([
      `SELECT ';' AS a`,
      `-- not ; here\nSELECT "x;y" FROM t /* ; */`,
      'SELECT $$a;b$$',
    ]);
  });

  it('handles doubled quotes and drops empty statements', () => {
    expect(splitStatements(`SELECT 'it''s;';;  ;\n`).map((s) => s.text)).toEqual([`SELECT 'it''s;'`]);
  });

  it('keeps the offsets of each statement', () => {
    const sql = 'SELECT 1;\n  SELECT 2;';
    const [, second] = splitStatements(sql);
    expect(second).toEqual({ from: 12, to: 20, text: 'SELECT 2' });
    expect(sql.slice(second?.from, second?.to)).toBe('SELECT 2');
  });
});

describe('statementAt', () => {
  const sql = 'SELECT 1;\nSELECT 2;\n\nSELECT 3';

  it('finds the statement that contains the cursor', () => {
    expect(statementAt(sql, 3)?.text).toBe('SELECT 1');
    expect(statementAt(sql, 12)?.text).toBe('SELECT 2');
    expect(statementAt(sql, sql.length)?.text).toBe('SELECT 3');
  });

  it('takes the statement before the cursor when it sits after a semicolon', () => {
    expect(statementAt(sql, 9)?.text).toBe('SELECT 1');
    expect(statementAt(sql, 20)?.text).toBe('SELECT 2');
  });

  it('returns null for a blank script', () => {
    expect(statementAt('  \n', 1)).toBeNull();
  });
});
