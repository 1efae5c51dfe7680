import { describe, expect, it } from 'vitest';
import {
  buildCtas,
  CTAS_LAST_STATEMENT_MESSAGE,
  CVAS_SELECT_MESSAGE,
  CVAS_SINGLE_STATEMENT_MESSAGE,
} from './ctas';

describe('buildCtas', () => {
  it('wraps the last SELECT in CREATE TABLE, keeping earlier statements', () => {
    expect(
      buildCtas('SET x = 1; SELECT a FROM t -- note', 'postgresql', {
        method: 'TABLE',
        tableName: 'tmp_1',
        schema: 'public',
      }),
    ).toEqual({
      ok: true,
      sql: 'SET x = 1;\nCREATE TABLE "public"."tmp_1" AS\nSELECT a FROM t',
      statements: ['SET x = 1', 'CREATE TABLE "public"."tmp_1" AS\nSELECT a FROM t'],
    });
  });

  it('quotes per engine and omits a missing schema', () => {
    const mysql = buildCtas('SELECT 1', 'mysql', { method: 'TABLE', tableName: 'tmp', schema: 'db1' });
    expect(mysql).toMatchObject({ ok: true, sql: 'CREATE TABLE `db1`.`tmp` AS\nSELECT 1' });
    const sqlite = buildCtas('WITH x AS (SELECT 1) SELECT * FROM x;', 'sqlite', {
      method: 'TABLE',
      tableName: 'tmp',
      schema: null,
    });
    expect(sqlite).toMatchObject({
      ok: true,
      sql: 'CREATE TABLE "tmp" AS\nWITH x AS (SELECT 1) SELECT * FROM x',
    });
    const duck = buildCtas('FROM t', 'duckdb', { method: 'VIEW', tableName: 'v', schema: '' });
    expect(duck).toMatchObject({ ok: true, sql: 'CREATE VIEW "v" AS\nFROM t' });
  });

  it('builds CREATE VIEW from a single SELECT', () => {
    expect(
      buildCtas('SELECT 1', 'postgresql', { method: 'VIEW', tableName: 'v', schema: 's' }),
    ).toMatchObject({
      ok: true,
      sql: 'CREATE VIEW "s"."v" AS\nSELECT 1',
    });
  });

  it.each([
    ['DELETE FROM t', 'TABLE', 'INVALID_CTAS_QUERY_ERROR', CTAS_LAST_STATEMENT_MESSAGE],
    ['SELECT 1; DELETE FROM t', 'TABLE', 'INVALID_CTAS_QUERY_ERROR', CTAS_LAST_STATEMENT_MESSAGE],
    ['-- nothing', 'TABLE', 'INVALID_CTAS_QUERY_ERROR', CTAS_LAST_STATEMENT_MESSAGE],
    ['SELECT * INTO t2 FROM t', 'TABLE', 'INVALID_CTAS_QUERY_ERROR', CTAS_LAST_STATEMENT_MESSAGE],
    [
      'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
      'TABLE',
      'INVALID_CTAS_QUERY_ERROR',
      CTAS_LAST_STATEMENT_MESSAGE,
    ],
    ['SELECT 1; SELECT 2', 'VIEW', 'INVALID_CVAS_QUERY_ERROR', CVAS_SINGLE_STATEMENT_MESSAGE],
    ['UPDATE t SET a = 1', 'VIEW', 'INVALID_CVAS_QUERY_ERROR', CVAS_SELECT_MESSAGE],
    ['', 'VIEW', 'INVALID_CVAS_QUERY_ERROR', CVAS_SELECT_MESSAGE],
  ] as const)('refuses %j as %s', (sql, method, errorType, message) => {
    expect(buildCtas(sql, 'postgresql', { method, tableName: 'x' })).toEqual({
      ok: false,
      errorType,
      message,
    });
  });

  it.each([
    ['', 's'],
    ['1abc', null],
    ['a-b', null],
    ['x"; DROP TABLE y; --', null],
    ['tmp', 'bad schema'],
    ['a'.repeat(64), null],
    ['tàble', null],
  ])('refuses the table name %j (schema %j)', (tableName, schema) => {
    const result = buildCtas('SELECT 1', 'postgresql', { method: 'TABLE', tableName, schema });
    expect(result).toMatchObject({ ok: false, errorType: 'INVALID_PAYLOAD_SCHEMA_ERROR' });
  });
});
