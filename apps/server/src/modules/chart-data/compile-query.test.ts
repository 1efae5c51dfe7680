import type { Engine, QueryObject } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { ChartDataError } from './chart-data-error';
import { compileQuery, type CompileOptions } from './compile-query';
import { birthNames } from './test-fixtures';

const NOW = new Date('2024-05-15T10:30:00Z');
const options = (engine: Engine = 'postgresql', extra: Partial<CompileOptions> = {}): CompileOptions => ({
  engine,
  rowLimit: 10_000,
  sqlMaxRow: 100_000,
  allowAdhocSubquery: false,
  now: NOW,
  ...extra,
});
const compile = (query: QueryObject, engine: Engine = 'postgresql', extra: Partial<CompileOptions> = {}) =>
  compileQuery(query, birthNames(), options(engine, extra));

const sumNum = {
  expressionType: 'SIMPLE' as const,
  aggregate: 'SUM' as const,
  column: { column_name: 'num' },
  label: 'SUM(num)',
};

function refusal(run: () => unknown): ChartDataError {
  try {
    run();
  } catch (error) {
    if (error instanceof ChartDataError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('compileQuery', () => {
  it('groups by columns with an adhoc SUM, default row limit', () => {
    const compiled = compile({ columns: ['gender', 'state'], metrics: [sumNum] });
    expect(compiled.sql).toBe(
      [
        'SELECT "gender" AS "gender", "state" AS "state", SUM("num") AS "SUM(num)"',
        'FROM "main"."birth_names"',
        'GROUP BY "gender", "state"',
        'LIMIT 10000',
      ].join('\n'),
    );
    expect(compiled.columnLabels).toEqual(['gender', 'state']);
    expect(compiled.metricLabels).toEqual(['SUM(num)']);
  });

  it('uses saved metrics, calculated columns, COUNT_DISTINCT, SQL metrics and MySQL quoting', () => {
    const compiled = compile(
      {
        columns: ['is_boy', { sqlExpression: 'UPPER(state)', label: 'st' }],
        metrics: [
          'sum__num',
          { expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: 'name' } },
          { expressionType: 'SQL', sqlExpression: 'MAX(num) - MIN(num)', label: 'spread' },
        ],
        orderby: [['sum__num', false]],
        row_limit: 5,
        row_offset: 10,
      },
      'mysql',
    );
    expect(compiled.sql).toBe(
      [
        "SELECT (gender = 'boy') AS `is_boy`, (UPPER(state)) AS `st`, SUM(num) AS `sum__num`, COUNT(DISTINCT `name`) AS `COUNT_DISTINCT(name)`, MAX(num) - MIN(num) AS `spread`",
        'FROM `main`.`birth_names`',
        "GROUP BY (gender = 'boy'), (UPPER(state))",
        'ORDER BY SUM(num) DESC',
        'LIMIT 5 OFFSET 10',
      ].join('\n'),
    );
  });

  it('buckets the x-axis and the legacy __timestamp per engine', () => {
    const axis = {
      sqlExpression: 'ds',
      label: 'ds',
      columnType: 'BASE_AXIS' as const,
      timeGrain: 'P1Y',
      isColumnReference: true,
    };
    expect(compile({ columns: ['gender', axis], metrics: [sumNum] }).sql).toContain(
      `SELECT date_trunc('year', "ds") AS "ds", "gender" AS "gender"`,
    );
    expect(compile({ columns: [axis], metrics: [sumNum] }, 'duckdb').sql).toContain(
      `date_trunc('year', CAST("ds" AS TIMESTAMP)) AS "ds"`,
    );
    expect(compile({ columns: [axis], metrics: [sumNum] }, 'mysql').sql).toContain(
      'CAST(MAKEDATE(YEAR(`ds`), 1) AS DATETIME) AS `ds`',
    );
    const legacy = compile(
      {
        is_timeseries: true,
        granularity: 'ds',
        extras: { time_grain_sqla: 'P1M' },
        metrics: [sumNum],
        time_range: '2000-01-01 : 2001-01-01',
      },
      'sqlite',
    );
    expect(legacy.sql).toBe(
      [
        `SELECT datetime("ds", 'start of month') AS "__timestamp", SUM("num") AS "SUM(num)"`,
        'FROM "main"."birth_names"',
        `WHERE "ds" >= '2000-01-01 00:00:00' AND "ds" < '2001-01-01 00:00:00'`,
        `GROUP BY datetime("ds", 'start of month')`,
        'LIMIT 10000',
      ].join('\n'),
    );
    expect(legacy.temporalLabels).toEqual(['__timestamp']);
    expect(legacy.bounds.since?.toISOString()).toBe('2000-01-01T00:00:00.000Z');
  });

  it('writes every filter operator with escaped literals', () => {
    const compiled = compile({
      columns: ['name'],
      metrics: [sumNum],
      filters: [
        { col: 'gender', op: '==', val: "o'brien" },
        { col: 'gender', op: '!=', val: null },
        { col: 'num', op: '<', val: 5 },
        { col: 'num', op: '<=', val: 5.5 },
        { col: 'num', op: '>', val: -1 },
        { col: 'num', op: '>=', val: 0 },
        { col: 'state', op: 'IN', val: ['CA', 'N\\Y', null] },
        { col: 'state', op: 'NOT IN', val: ['TX'] },
        { col: 'name', op: 'LIKE', val: 'A%' },
        { col: 'name', op: 'NOT LIKE', val: '%z' },
        { col: 'name', op: 'ILIKE', val: 'jo%' },
        { col: 'state', op: 'IS NULL' },
        { col: 'state', op: 'IS NOT NULL' },
        { col: 'is_boy', op: 'IS TRUE' },
        { col: 'is_boy', op: 'IS FALSE' },
        { col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last year' },
        { col: 'nope', op: '==', val: 1 },
      ],
    });
    expect(compiled.sql).toContain(
      [
        `WHERE "gender" = 'o''brien' AND "gender" IS NOT NULL AND "num" < 5 AND "num" <= 5.5 AND "num" > -1 AND "num" >= 0`,
        `("state" IN ('CA', E'N\\\\Y') OR "state" IS NULL) AND "state" NOT IN ('TX')`,
        `"name" LIKE 'A%' AND "name" NOT LIKE '%z' AND "name" ILIKE 'jo%'`,
        `"state" IS NULL AND "state" IS NOT NULL AND (gender = 'boy') IS TRUE AND (gender = 'boy') IS FALSE`,
        `"ds" >= TIMESTAMP '2023-05-15 00:00:00' AND "ds" < TIMESTAMP '2024-05-15 00:00:00'`,
      ].join(' AND '),
    );
    expect(compiled.rejectedFilters).toEqual([{ column: 'nope', reason: 'not_in_datasource' }]);
    expect(compiled.appliedFilters.map((filter) => filter.column)).toContain('ds');
    expect(
      compile({ columns: ['name'], filters: [{ col: 'name', op: 'ILIKE', val: 'jo%' }] }, 'mysql').sql,
    ).toContain("LOWER(`name`) LIKE LOWER('jo%')");
  });

  it('limits series with a joined subquery and caps the row limit', () => {
    const compiled = compile({
      columns: [
        { sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', isColumnReference: true },
        'name',
      ],
      metrics: [sumNum],
      series_limit: 3,
      series_limit_metric: 'sum__num',
      row_limit: 1_000_000,
    });
    expect(compiled.sql).toBe(
      [
        'SELECT "ds" AS "ds", "name" AS "name", SUM("num") AS "SUM(num)"',
        'FROM "main"."birth_names"',
        'INNER JOIN (',
        'SELECT "name" AS "__series_0"',
        'FROM "main"."birth_names"',
        'GROUP BY "name"',
        'ORDER BY SUM(num) DESC',
        'LIMIT 3',
        ') AS series_limit ON "name" = series_limit."__series_0"',
        'GROUP BY "ds", "name"',
        'LIMIT 100000',
      ].join('\n'),
    );
    expect(compiled.xAxisLabel).toBe('ds');
  });

  it("groups the series beyond the limit as 'Others' with a LEFT JOIN", () => {
    const query: QueryObject = {
      columns: [
        { sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', isColumnReference: true },
        'name',
      ],
      metrics: [sumNum],
      series_limit: 3,
      group_others_when_limit_reached: true,
      orderby: [['name', true]],
    };
    const others = `CASE WHEN series_limit."__series_matched" IS NULL THEN 'Others' ELSE CAST("name" AS TEXT) END`;
    expect(compile(query).sql).toBe(
      [
        `SELECT "ds" AS "ds", ${others} AS "name", SUM("num") AS "SUM(num)"`,
        'FROM "main"."birth_names"',
        'LEFT JOIN (',
        'SELECT "name" AS "__series_0", 1 AS "__series_matched"',
        'FROM "main"."birth_names"',
        'GROUP BY "name"',
        'ORDER BY SUM("num") DESC',
        'LIMIT 3',
        ') AS series_limit ON "name" = series_limit."__series_0"',
        `GROUP BY "ds", ${others}`,
        `ORDER BY ${others} ASC`,
        'LIMIT 10000',
      ].join('\n'),
    );
    expect(compile(query, 'mysql').sql).toContain('ELSE CAST(`name` AS CHAR) END');
    expect(compile(query, 'duckdb').sql).toContain('ELSE CAST("name" AS VARCHAR) END');
    // Without the flag the other series are left out, as before.
    expect(compile({ ...query, group_others_when_limit_reached: false }).sql).toContain('INNER JOIN (');
  });

  it('wraps a virtual dataset and adds where/having extras', () => {
    const compiled = compile(
      { columns: ['gender'], metrics: [sumNum], extras: { where: "state = 'CA'", having: 'SUM(num) > 10' } },
      'duckdb',
      { virtualSql: 'SELECT * FROM birth_names;' },
    );
    expect(compiled.sql).toBe(
      [
        'SELECT "gender" AS "gender", SUM("num") AS "SUM(num)"',
        'FROM (',
        'SELECT * FROM birth_names',
        ') AS virtual_table',
        "WHERE (state = 'CA')",
        'GROUP BY "gender"',
        'HAVING (SUM(num) > 10)',
        'LIMIT 10000',
      ].join('\n'),
    );
  });

  it('names missing columns and unknown metrics', () => {
    expect(refusal(() => compile({ columns: ['gender', 'bogus', "it's"], metrics: [sumNum] })).message).toBe(
      "Columns missing in dataset: ['bogus', 'it\\'s']",
    );
    expect(refusal(() => compile({ columns: ['gender'], metrics: ['nope'] })).message).toBe(
      "Metric 'nope' does not exist",
    );
    expect(refusal(() => compile({ columns: [], metrics: [] })).status).toBe(400);
  });

  it('refuses hostile adhoc SQL', () => {
    const hostile = [
      '1=1; DROP TABLE x',
      '(SELECT 1)',
      '1=1 -- ',
      'num /* */ > 1',
      '(num > 1',
      'num > 1)',
      'num > 1 UNION SELECT 1',
    ];
    for (const where of hostile) {
      const error = refusal(() => compile({ columns: ['gender'], metrics: [sumNum], extras: { where } }));
      expect(error.status).toBe(400);
      expect(error.toApiError().body).toHaveProperty('errors');
    }
    const sub = refusal(() =>
      compile({
        columns: ['gender'],
        metrics: [{ expressionType: 'SQL', sqlExpression: '(SELECT max(num) FROM birth_names)' }],
      }),
    );
    expect(sub.errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect(
      compile(
        { columns: ['gender'], metrics: [sumNum], extras: { where: 'num > (SELECT 1)' } },
        'postgresql',
        { allowAdhocSubquery: true },
      ).sql,
    ).toContain('WHERE (num > (SELECT 1))');
    expect(
      refusal(() => compile({ columns: [{ sqlExpression: "pg_read_file('/etc/passwd')", label: 'x' }] }))
        .errorType,
    ).toBe('INVALID_SQL_ERROR');
  });
});
