import { CONNECTION_QUERY_PARAMETERS } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { buildConnectionUri } from './build-connection-uri';
import { parametersOfSpec } from './parameters-of-uri';
import { parseConnectionUri } from './parse-connection-uri';
import { checkQueryParams } from './query-params';

function uriOf(...args: Parameters<typeof buildConnectionUri>): string {
  const built = buildConnectionUri(...args);
  if (!built.ok) throw new Error(JSON.stringify(built.problems));
  return built.uri;
}

describe('buildConnectionUri', () => {
  it('builds a PostgreSQL URI with the default port', () => {
    expect(uriOf('postgresql', { host: 'db.example.com', database: 'sales', username: 'alice' })).toBe(
      'postgresql://alice@db.example.com:5432/sales',
    );
  });

  it('uses 3306 for MySQL and MariaDB and keeps a given port', () => {
    expect(uriOf('mysql', { host: 'h', database: 'd', username: 'u', port: '' })).toBe('mysql://u@h:3306/d');
    expect(uriOf('mariadb', { host: 'h', database: 'd', username: 'u', port: null })).toBe(
      'mariadb://u@h:3306/d',
    );
    expect(uriOf('postgresql', { host: 'h', database: 'd', username: 'u', port: '6543' })).toBe(
      'postgresql://u@h:6543/d',
    );
  });

  it('escapes @ : / ? # % in the user, password and database so they round-trip', () => {
    const parameters = {
      host: '127.0.0.1',
      port: 5432,
      database: 'my/db?x',
      username: 'us@er:1',
      password: 'p@ss:w/rd?#%',
    };
    const uri = uriOf('postgresql', parameters);
    expect(uri).toBe('postgresql://us%40er%3A1:p%40ss%3Aw%2Frd%3F%23%25@127.0.0.1:5432/my%2Fdb%3Fx');
    expect(parseConnectionUri(uri)).toMatchObject({
      host: '127.0.0.1',
      port: 5432,
      username: 'us@er:1',
      password: 'p@ss:w/rd?#%',
      database: 'my/db?x',
    });
  });

  it('brackets IPv6 hosts', () => {
    expect(uriOf('postgresql', { host: '::1', database: 'd', username: 'u' })).toBe(
      'postgresql://u@[::1]:5432/d',
    );
  });

  it('adds the query and turns encryption into the engine TLS mode', () => {
    expect(
      uriOf('postgresql', {
        host: 'h',
        database: 'd',
        username: 'u',
        encryption: true,
        query: { application_name: 'bi' },
      }),
    ).toBe('postgresql://u@h:5432/d?application_name=bi&sslmode=require');
    expect(uriOf('mysql', { host: 'h', database: 'd', username: 'u', encryption: true })).toBe(
      'mysql://u@h:3306/d?ssl_mode=REQUIRED',
    );
    // An explicit mode wins over the switch.
    expect(
      uriOf('postgresql', {
        host: 'h',
        database: 'd',
        username: 'u',
        encryption: true,
        query: { sslmode: 'verify-full' },
      }),
    ).toBe('postgresql://u@h:5432/d?sslmode=verify-full');
  });

  it('builds file URIs with relative and absolute paths', () => {
    expect(uriOf('sqlite', { file_path: '/var/data/a.db' })).toBe('sqlite:////var/data/a.db');
    expect(uriOf('duckdb', { file_path: 'x.duckdb' })).toBe('duckdb:///x.duckdb');
    expect(parseConnectionUri(uriOf('sqlite', { file_path: '/tmp/a%20b?.db' })).filePath).toBe(
      '/tmp/a%20b?.db',
    );
  });

  it('names the missing and invalid fields', () => {
    expect(buildConnectionUri('postgresql', { host: ' ', port: 99999 })).toEqual({
      ok: false,
      problems: [
        {
          errorType: 'CONNECTION_MISSING_PARAMETERS_ERROR',
          message: 'One or more parameters are missing: host, database, username',
          missing: ['host', 'database', 'username'],
        },
        expect.objectContaining({ errorType: 'CONNECTION_INVALID_PORT_ERROR', invalid: ['port'] }),
      ],
    });
    const badHost = buildConnectionUri('mysql', { host: 'evil.com/x@y', database: 'd', username: 'u' });
    expect(badHost.ok ? [] : badHost.problems.map((problem) => problem.invalid)).toEqual([['host']]);
    expect(buildConnectionUri('sqlite', {})).toMatchObject({
      ok: false,
      problems: [{ missing: ['file_path'] }],
    });
  });
});

describe('parametersOfSpec', () => {
  it('gives back the parameters of a URI, TLS as the encryption switch', () => {
    expect(
      parametersOfSpec(
        parseConnectionUri('postgresql://us%40er:XXXXXXXXXX@db:6543/sales?sslmode=require&connect_timeout=5'),
      ),
    ).toEqual({
      host: 'db',
      port: 6543,
      database: 'sales',
      username: 'us@er',
      password: 'XXXXXXXXXX',
      query: { connect_timeout: '5' },
      encryption: true,
    });
    expect(parametersOfSpec(parseConnectionUri('mariadb://root@h/app'))).toEqual({
      host: 'h',
      port: 3306,
      database: 'app',
      username: 'root',
      query: {},
      encryption: false,
    });
    expect(parametersOfSpec(parseConnectionUri('sqlite:////data/x.db?mode=ro'))).toEqual({
      file_path: '/data/x.db',
      query: { mode: 'ro' },
    });
  });

  it('round-trips through buildConnectionUri', () => {
    for (const uri of [
      'postgresql://a%3Ab:p%40ss%2F@h:5433/d%2Fb?application_name=bi&sslmode=require',
      'mysql://u@h:3306/d?ssl_mode=REQUIRED',
      'duckdb:////abs/file.duckdb',
    ]) {
      const spec = parseConnectionUri(uri);
      const rebuilt = uriOf(spec.backend, parametersOfSpec(spec));
      expect(parseConnectionUri(rebuilt)).toEqual(spec);
    }
  });
});

describe('CONNECTION_QUERY_PARAMETERS', () => {
  it('lists exactly the parameters the connectors accept', () => {
    for (const [backend, names] of Object.entries(CONNECTION_QUERY_PARAMETERS)) {
      if (
        backend !== 'postgresql' &&
        backend !== 'mysql' &&
        backend !== 'mariadb' &&
        backend !== 'sqlite' &&
        backend !== 'duckdb'
      )
        throw new Error(backend);
      for (const name of names)
        expect(() => checkQueryParams(backend, { [name]: 'zzz-not-valid\\' })).toThrow(
          /has a value|may only set/,
        );
      expect(() => checkQueryParams(backend, { not_in_the_list: '1' })).toThrow(
        names.length > 0 ? `Allowed parameters: ${names.join(', ')}.` : 'This engine takes none.',
      );
    }
  });
});
