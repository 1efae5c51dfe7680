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

  it('passes the query parameters each engine reads', () => {
    expect(
      parseConnectionUri(
        'postgresql://u@h/d?sslmode=verify-full&application_name=bi&connect_timeout=5&options=-c%20search_path%3Dsales%20-cstatement_timeout%3D5000',
      ).query,
    ).toMatchObject({ sslmode: 'verify-full', options: '-c search_path=sales -cstatement_timeout=5000' });
    expect(parseConnectionUri('mariadb://u@h/d?ssl_mode=REQUIRED&charset=utf8mb4').query).toEqual({
      ssl_mode: 'REQUIRED',
      charset: 'utf8mb4',
    });
  });

  it('refuses other parameters and options that reach server settings', () => {
    for (const uri of [
      'postgresql://u@h/d?options=-c%20session_preload_libraries%3Dplpython3u',
      'postgresql://u@h/d?options=-c%20search_path%3Dx%20-c%20role%3Dpostgres',
      'postgresql://u@h/d?options=--default-transaction-read-only%3Doff',
      'postgresql://u@h/d?options=-c%20search_path%3Dx%5C%20-c%20role%3Dp',
      'postgresql://u@h/d?sslmode=bogus',
      'postgresql://u@h/d?sslkey=/etc/shadow',
      'mysql://u@h/d?localInfile=true',
      'mariadb://u@h/d?multipleStatements=true',
      'duckdb:///x.duckdb?access_mode=read_write',
    ]) {
      const error = parseError(uri);
      expect(error.kind).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
      expect(error.message).toMatch(/connection parameter "\w+"/);
    }
  });
});
