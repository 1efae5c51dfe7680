import { describe, expect, it } from 'vitest';
import { QueryFailure } from './failure';
import { buildPlan, type PlanDatabase, type PlanOptions } from './plan';

const readOnlyDb: PlanDatabase = {
  engine: 'postgresql',
  allowDml: false,
  allowCtas: false,
  allowCvas: false,
  forceCtasSchema: null,
};
const options: PlanOptions = {
  queryLimit: 1000,
  sqlMaxRow: 100_000,
  selectAsCta: false,
  ctasMethod: null,
  tmpTableName: null,
  tmpSchemaName: null,
};

function failureOf(work: () => unknown): QueryFailure {
  try {
    work();
  } catch (error) {
    if (error instanceof QueryFailure) return error;
    throw error;
  }
  throw new Error('expected a QueryFailure');
}

describe('buildPlan', () => {
  it('splits scripts and limits the last statement', () => {
    const plan = buildPlan('SELECT 1; SELECT * FROM t LIMIT 5;', readOnlyDb, options);
    expect(plan.statements).toEqual(['SELECT 1', 'SELECT * FROM t LIMIT 5']);
    expect(plan).toMatchObject({ limit: 5, limitingFactor: 'QUERY', readOnlySession: true, ctas: null });
    expect(plan.executedSql).toBe('SELECT 1;\nSELECT * FROM t LIMIT 5');
  });

  it('caps the requested limit at SQL_MAX_ROW and defaults to it', () => {
    expect(buildPlan('SELECT 1', readOnlyDb, { ...options, queryLimit: 5_000_000 }).limit).toBe(100_000);
    expect(buildPlan('SELECT 1', readOnlyDb, { ...options, queryLimit: null }).limit).toBe(100_000);
    expect(buildPlan('SELECT 1', readOnlyDb, options).limitingFactor).toBe('DROPDOWN');
  });

  it('refuses empty scripts', () => {
    expect(failureOf(() => buildPlan(' -- nothing\n;', readOnlyDb, options)).error.error_type).toBe(
      'INVALID_SQL_ERROR',
    );
  });

  it('refuses denied functions whatever the DML setting', () => {
    const failure = failureOf(() =>
      buildPlan("SELECT pg_read_file('/etc/passwd')", { ...readOnlyDb, allowDml: true }, options),
    );
    expect(failure.status).toBe(422);
    expect(failure.error.extra).toMatchObject({ disallowed: ['pg_read_file'] });
  });

  it('refuses writes without allow_dml and names the statement', () => {
    const failure = failureOf(() => buildPlan('SELECT 1; UPDATE t SET a = 1; SELECT 2', readOnlyDb, options));
    expect(failure.error.error_type).toBe('DML_NOT_ALLOWED_ERROR');
    expect(failure.error.message).toContain('Statement 2 out of 3');
    expect(failure.status).toBe(422);
  });

  it('lets writes through with allow_dml, on a writable session', () => {
    const plan = buildPlan('INSERT INTO t VALUES (1)', { ...readOnlyDb, allowDml: true }, options);
    expect(plan.readOnlySession).toBe(false);
    expect(plan.limitingFactor).toBe('UNKNOWN');
  });

  it('wraps CTAS and CVAS where allowed and refuses them elsewhere', () => {
    const ctasOptions = { ...options, selectAsCta: true, tmpTableName: 'out' };
    expect(failureOf(() => buildPlan('SELECT 1', readOnlyDb, ctasOptions)).error.error_type).toBe(
      'INVALID_CTAS_QUERY_ERROR',
    );
    const ctas = buildPlan(
      'SELECT 1 AS a',
      { ...readOnlyDb, allowCtas: true, forceCtasSchema: 'tmp' },
      ctasOptions,
    );
    expect(ctas.statements).toEqual(['CREATE TABLE "tmp"."out" AS\nSELECT 1 AS a']);
    expect(ctas).toMatchObject({
      limit: null,
      readOnlySession: false,
      readOnlyBeforeLast: true,
      ctas: { method: 'TABLE', table: 'out', schema: 'tmp' },
    });
    const withDml = buildPlan(
      'SELECT 1 AS a',
      { ...readOnlyDb, allowDml: true, allowCtas: true },
      ctasOptions,
    );
    expect(withDml.readOnlyBeforeLast).toBe(false);
    const view = { ...ctasOptions, ctasMethod: 'VIEW' as const };
    expect(
      failureOf(() => buildPlan('SELECT 1', { ...readOnlyDb, allowCtas: true }, view)).error.error_type,
    ).toBe('INVALID_CVAS_QUERY_ERROR');
    expect(
      failureOf(() => buildPlan('SELECT 1; SELECT 2', { ...readOnlyDb, allowCvas: true }, view)).error
        .error_type,
    ).toBe('INVALID_CVAS_QUERY_ERROR');
  });
});
