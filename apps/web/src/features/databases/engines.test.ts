import { describe, expect, it } from 'vitest';
import { backendOfUri, engineOf } from './engines';

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

describe('backendOfUri', () => {
  it('keeps MariaDB apart from MySQL for the connection form', () => {
    expect(backendOfUri('mariadb+mariadbconnector://u@h/db')).toBe('mariadb');
    expect(backendOfUri('mysql://u@h/db')).toBe('mysql');
    expect(backendOfUri('postgres://h/db')).toBe('postgresql');
    expect(backendOfUri('sqlite:////x.db')).toBe('sqlite');
    expect(backendOfUri('oracle://h')).toBeUndefined();
  });
});
