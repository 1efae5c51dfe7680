import { describe, expect, it } from 'vitest';
import { classifyScript } from './classify';
import { syntaxSuspects } from './syntax-suspects';

const suspects = (sql: string, engine: 'postgresql' | 'duckdb' = 'postgresql') =>
  syntaxSuspects(classifyScript(sql, engine), engine).map((s) => s.text);

describe('syntaxSuspects', () => {
  it('picks statements led by no known command', () => {
    expect(suspects('SELEC * FRM t')).toEqual(['SELEC * FRM t']);
    expect(suspects('SELECT 1; DELET FROM t')).toEqual(['DELET FROM t']);
  });

  it('leaves known commands and reads that passed alone', () => {
    expect(suspects('SELECT 1')).toEqual([]);
    expect(suspects('DELETE FROM t')).toEqual([]);
    expect(suspects('VACUUM t')).toEqual([]);
    expect(suspects('CREATE TABL t (x int)')).toEqual([]);
    expect(suspects('SET search_path = x')).toEqual([]);
  });

  it('picks reads the read-only check could not prove', () => {
    expect(suspects('SELECT * INTO t2 FROM t')).toEqual(['SELECT * INTO t2 FROM t']);
    expect(suspects('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d')).toHaveLength(1);
  });
});
