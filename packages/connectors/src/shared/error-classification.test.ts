import { describe, expect, it } from 'vitest';
import { classifyDuckdbError } from '../duckdb/duckdb-errors';
import { classifyMysqlError } from '../mysql/mysql-errors';
import { classifyPgError } from '../postgresql/pg-errors';
import { classifySqliteError } from '../sqlite/sqlite-errors';
import type { ErrorContext } from './error-messages';

// Driver errors are plain objects with the fields the drivers set; the real servers are exercised
// in the *.int.test.ts files. These cover codes that the local servers cannot produce (PostgreSQL
// here trusts every password) and the wording of messages.
const ctx: ErrorContext = {
  engineName: 'PostgreSQL',
  hostname: 'db.local',
  port: 5432,
  username: 'postgres',
  database: 'sales',
  password: 'hunter2!',
};

function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('PostgreSQL error classification', () => {
  it('maps a wrong password', () => {
    const error = classifyPgError(
      pgError('28P01', 'password authentication failed for user "postgres"'),
      ctx,
      'connect',
    );
    expect(error.kind).toBe('CONNECTION_INVALID_PASSWORD_ERROR');
    expect(error.message).toBe('The password provided for username "postgres" is incorrect.');
  });

  it('maps socket errors only while connecting', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' });
    expect(classifyPgError(refused, { ...ctx, hostname: '127.0.0.1', port: 5999 }, 'connect').message).toBe(
      'Port 5999 on hostname "127.0.0.1" refused the connection.',
    );
    const unknownHost = Object.assign(new Error('getaddrinfo ENOTFOUND nohost.invalid'), {
      code: 'ENOTFOUND',
    });
    expect(classifyPgError(unknownHost, { ...ctx, hostname: 'nohost.invalid' }, 'connect').message).toBe(
      'The hostname "nohost.invalid" cannot be resolved.',
    );
    expect(
      classifyPgError(Object.assign(new Error('x'), { code: 'EHOSTUNREACH' }), ctx, 'connect').kind,
    ).toBe('CONNECTION_HOST_DOWN_ERROR');
  });

  it('extracts names for missing objects', () => {
    expect(
      classifyPgError(pgError('42P01', 'relation "nope" does not exist'), ctx, 'query').params.table,
    ).toBe('nope');
    expect(classifyPgError(pgError('42703', 'column "c" does not exist'), ctx, 'query').params.column).toBe(
      'c',
    );
    expect(classifyPgError(pgError('3F000', 'schema "s" does not exist'), ctx, 'query').params.schema).toBe(
      's',
    );
  });

  it('never repeats the password', () => {
    const error = classifyPgError(pgError('XX000', 'weird: password=hunter2! rejected'), ctx, 'query');
    expect(error.kind).toBe('GENERIC_DB_ENGINE_ERROR');
    expect(error.message).not.toContain('hunter2!');
  });

  it('keeps statement timeouts apart from cancels', () => {
    expect(
      classifyPgError(pgError('57014', 'canceling statement due to user request'), ctx, 'query').kind,
    ).toBe('cancelled');
    expect(
      classifyPgError(pgError('57014', 'canceling statement due to statement timeout'), ctx, 'query').kind,
    ).toBe('GENERIC_DB_ENGINE_ERROR');
  });
});

describe('MySQL error classification', () => {
  const mysqlError = (errno: number, message: string): Error => Object.assign(new Error(message), { errno });
  it('maps server error numbers', () => {
    expect(classifyMysqlError(mysqlError(1045, "Access denied for user 'u'@'h'"), ctx, 'connect').kind).toBe(
      'CONNECTION_ACCESS_DENIED_ERROR',
    );
    expect(classifyMysqlError(mysqlError(1049, "Unknown database 'nope'"), ctx, 'connect').kind).toBe(
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
    );
    expect(classifyMysqlError(mysqlError(1049, "Unknown database 'nope'"), ctx, 'query').params.schema).toBe(
      'nope',
    );
    expect(
      classifyMysqlError(mysqlError(1146, "Table 'db.t' doesn't exist"), ctx, 'query').params.table,
    ).toBe('t');
    expect(
      classifyMysqlError(
        mysqlError(1792, 'Cannot execute statement in a READ ONLY transaction'),
        ctx,
        'query',
      ).kind,
    ).toBe('DML_NOT_ALLOWED_ERROR');
    expect(classifyMysqlError(mysqlError(1317, 'Query execution was interrupted'), ctx, 'query').kind).toBe(
      'cancelled',
    );
  });
});

describe('SQLite and DuckDB error classification', () => {
  it('reads SQLite messages', () => {
    expect(classifySqliteError(new Error('no such table: main.t'), ctx, 'query').params.table).toBe('t');
    expect(classifySqliteError(new Error('near "selec": syntax error'), ctx, 'query').kind).toBe(
      'SYNTAX_ERROR',
    );
    expect(
      classifySqliteError(
        Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' }),
        ctx,
        'query',
      ).kind,
    ).toBe('DML_NOT_ALLOWED_ERROR');
  });

  it('reads DuckDB messages', () => {
    expect(
      classifyDuckdbError(new Error('Catalog Error: Table with name "My T" does not exist!'), ctx, 'query')
        .params.table,
    ).toBe('My T');
    expect(
      classifyDuckdbError(
        new Error('Catalog Error: Table with name x does not exist because schema "s" does not exist.'),
        ctx,
        'query',
      ).kind,
    ).toBe('SCHEMA_DOES_NOT_EXIST_ERROR');
    expect(classifyDuckdbError(new Error('INTERRUPT Error: Interrupted!'), ctx, 'query').kind).toBe(
      'cancelled',
    );
  });
});
