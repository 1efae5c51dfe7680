import { describe, expect, it } from 'vitest';
import { formatSql } from './format';
import type { Engine } from './types';

describe('formatSql', () => {
  it.each<Engine>(['postgresql', 'mysql', 'sqlite', 'duckdb'])('formats in the %s dialect', (engine) => {
    expect(formatSql('select a,b from t where x=1', engine)).toBe(
      'SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1',
    );
  });

  it('understands dialect syntax', () => {
    expect(formatSql('select $$a;b$$::text', 'postgresql')).toContain('$$a;b$$::text');
    expect(formatSql('select `a` from `t`', 'mysql')).toContain('`a`');
    expect(formatSql('from t select a', 'duckdb')).toContain('FROM');
  });

  it('falls back to generic SQL without an engine', () => {
    expect(formatSql('select 1')).toBe('SELECT\n  1');
    expect(formatSql('select 1', null)).toBe('SELECT\n  1');
  });

  it('returns the text unchanged when no dialect can format it, never throwing', () => {
    const broken = "select 'unterminated";
    expect(formatSql(broken, 'postgresql')).toBe(broken);
    expect(() => formatSql('{{ x }} {% if %}', 'mysql')).not.toThrow();
  });
});
