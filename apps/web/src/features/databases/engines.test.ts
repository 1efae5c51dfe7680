import { describe, expect, it } from 'vitest';
import { engineOf } from './engines';

describe('engineOf', () => {
  it('reads the engine from a URI or a backend name', () => {
    expect(engineOf('postgresql+psycopg2://u:XXXXXXXXXX@h/db')).toBe('postgresql');
    expect(engineOf('postgres://h/db')).toBe('postgresql');
    expect(engineOf('mysql://u@h/db')).toBe('mysql');
    expect(engineOf('mariadb')).toBe('mysql');
    expect(engineOf('duckdb:///x.duckdb')).toBe('duckdb');
    expect(engineOf('sqlite')).toBe('sqlite');
  });

  it('gives undefined for anything else', () => {
    expect(engineOf('oracle://x')).toBeUndefined();
    expect(engineOf('')).toBeUndefined();
  });
});
