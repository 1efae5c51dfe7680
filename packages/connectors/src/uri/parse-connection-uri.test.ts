import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../types';
import { parseConnectionUri } from './parse-connection-uri';

function parseError(uri: string): ConnectorError {
  try {
    parseConnectionUri(uri);
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  throw new Error(`expected ${uri} to be rejected`);
}

describe('parseConnectionUri', () => {
  it('parses a full PostgreSQL URI', () => {
    expect(parseConnectionUri('postgresql://alice:s3cret@db.example.com:6543/sales?sslmode=require')).toEqual(
      {
        engine: 'postgresql',
        backend: 'postgresql',
        host: 'db.example.com',
        port: 6543,
        username: 'alice',
        password: 's3cret',
        database: 'sales',
        query: { sslmode: 'require' },
      },
    );
  });

  it('accepts the postgres alias and ignores driver suffixes', () => {
    expect(parseConnectionUri('postgres://u@h/d')).toMatchObject({
      engine: 'postgresql',
      host: 'h',
      database: 'd',
    });
    expect(parseConnectionUri('postgresql+psycopg2://u@h/d')).toMatchObject({
      engine: 'postgresql',
      driver: 'psycopg2',
    });
    expect(parseConnectionUri('mysql+pymysql://root@localhost:3306/app')).toMatchObject({
      engine: 'mysql',
      backend: 'mysql',
      driver: 'pymysql',
      port: 3306,
    });
  });

  it('maps mariadb onto the mysql engine but keeps its backend', () => {
    expect(parseConnectionUri('mariadb+mariadbconnector://u:p@h/db')).toMatchObject({
      engine: 'mysql',
      backend: 'mariadb',
      driver: 'mariadbconnector',
    });
    expect(parseConnectionUri('mariadb://u@h')).toMatchObject({ engine: 'mysql', backend: 'mariadb' });
  });

  it('percent-decodes the user and password', () => {
    const spec = parseConnectionUri('postgresql://us%40er:p%40ss%3Aw%2Frd@h/db');
    expect(spec.username).toBe('us@er');
    expect(spec.password).toBe('p@ss:w/rd');
  });

  it('keeps a password that contains slashes and question marks', () => {
    const spec = parseConnectionUri('mysql://u:a/b?c@h:3306/db');
    expect(spec).toMatchObject({ username: 'u', password: 'a/b?c', host: 'h', port: 3306, database: 'db' });
  });

  it('parses bracketed IPv6 hosts', () => {
    expect(parseConnectionUri('postgresql://u@[::1]:5433/d')).toMatchObject({ host: '::1', port: 5433 });
  });

  it('leaves optional parts out when absent', () => {
    const spec = parseConnectionUri('postgresql://localhost');
    expect(spec).toEqual({ engine: 'postgresql', backend: 'postgresql', host: 'localhost', query: {} });
  });

  it('parses sqlite relative, absolute and memory paths', () => {
    expect(parseConnectionUri('sqlite:///relative/path.db').filePath).toBe('relative/path.db');
    expect(parseConnectionUri('sqlite:////abs/path.db').filePath).toBe('/abs/path.db');
    expect(parseConnectionUri('sqlite://').filePath).toBe(':memory:');
    expect(parseConnectionUri('sqlite:///:memory:').filePath).toBe(':memory:');
    expect(parseConnectionUri('sqlite:///data/a.db?mode=ro')).toMatchObject({
      filePath: 'data/a.db',
      query: { mode: 'ro' },
    });
  });

  it('parses duckdb paths', () => {
    expect(parseConnectionUri('duckdb:///path.duckdb')).toMatchObject({
      engine: 'duckdb',
      filePath: 'path.duckdb',
    });
    expect(parseConnectionUri('duckdb:////var/data/x.duckdb').filePath).toBe('/var/data/x.duckdb');
    expect(parseConnectionUri('duckdb:///:memory:').filePath).toBe(':memory:');
  });

  it('rejects unknown schemes with a clear message', () => {
    const error = parseError('oracle://u:p@h/db');
    expect(error.kind).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
    expect(error.message).toContain('"oracle" is not supported');
  });

  it('rejects text that is not a URI', () => {
    expect(parseError('not a uri').kind).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
    expect(parseError('').kind).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
    expect(parseError('postgresql:/one-slash').kind).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
  });

  it('rejects a host in file URIs', () => {
    expect(parseError('sqlite://host/file.db').kind).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
  });

  it('rejects invalid ports with CONNECTION_INVALID_PORT_ERROR and no password in the message', () => {
    for (const port of ['99999', 'abc', '0', '-1']) {
      const error = parseError(`postgresql://u:topsecret@h:${port}/db`);
      expect(error.kind).toBe('CONNECTION_INVALID_PORT_ERROR');
      expect(error.message).not.toContain('topsecret');
    }
  });
});
