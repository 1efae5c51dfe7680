import type { QueryObject } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import type { CompileOptions } from './compile-query';
import { cacheKeyMemo, compileQueryMemo } from './compiled-query-memo';
import { deepFreeze } from './query-context-memo';
import { birthNames, column } from './test-fixtures';

const options: Omit<CompileOptions, 'now'> = {
  engine: 'postgresql',
  rowLimit: 10_000,
  sqlMaxRow: 100_000,
  allowAdhocSubquery: false,
  virtualSql: null,
  rowLevelWhere: null,
  shift: null,
};
const sumNum = {
  expressionType: 'SIMPLE' as const,
  aggregate: 'SUM' as const,
  column: { column_name: 'num' },
  label: 'SUM(num)',
};
/** A query as the query-context memo hands it out: frozen, shared by the requests that posted it. */
const shared = (query: QueryObject): QueryObject => deepFreeze(structuredClone(query));
const at = (iso: string) => new Date(iso);

/** Each test would fail if the memo answered with an entry compiled from other inputs. */
describe('compileQueryMemo', () => {
  it('answers the same compiled object for the same query, datasource and options', () => {
    const query = shared({ columns: ['gender'], metrics: [sumNum] });
    const datasource = birthNames();
    const first = compileQueryMemo(query, datasource, options, at('2024-05-15T10:00:00Z'));
    const again = compileQueryMemo(query, datasource, options, at('2024-06-01T00:00:00Z'));
    expect(again).toBe(first);
    expect(Object.isFrozen(first.appliedFilters)).toBe(true);
  });

  it('compiles relative time ranges against each request time', () => {
    const query = shared({
      columns: ['gender'],
      metrics: [sumNum],
      granularity: 'ds',
      time_range: 'Last day',
    });
    const datasource = birthNames();
    const may = compileQueryMemo(query, datasource, options, at('2024-05-15T10:00:00Z'));
    const june = compileQueryMemo(query, datasource, options, at('2024-06-15T10:00:00Z'));
    expect(may.sql).toContain('2024-05-14');
    expect(june.sql).toContain('2024-06-14');
    expect(june.bounds.since?.toISOString()).toBe('2024-06-14T00:00:00.000Z');
  });

  it('compiles TEMPORAL_RANGE filters against each request time', () => {
    const query = shared({
      columns: ['gender'],
      metrics: [sumNum],
      filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last year' }],
    });
    const datasource = birthNames();
    const first = compileQueryMemo(query, datasource, options, at('2024-05-15T10:00:00Z'));
    const later = compileQueryMemo(query, datasource, options, at('2026-05-15T10:00:00Z'));
    expect(first.sql).toContain('2023-05-15');
    expect(later.sql).toContain('2025-05-15');
  });

  it("keys on the caller's row level security and the rendered virtual SQL", () => {
    const query = shared({ columns: ['gender'], metrics: [sumNum] });
    const datasource = birthNames();
    const now = at('2024-05-15T10:00:00Z');
    const open = compileQueryMemo(query, datasource, options, now);
    const ruled = compileQueryMemo(query, datasource, { ...options, rowLevelWhere: "state = 'CA'" }, now);
    const virtual = compileQueryMemo(
      query,
      datasource,
      { ...options, virtualSql: "SELECT * FROM birth_names WHERE name = 'alice'" },
      now,
    );
    expect(open.sql).not.toContain('CA');
    expect(ruled.sql).toContain("(state = 'CA')");
    expect(virtual.sql).toContain("name = 'alice'");
    expect(compileQueryMemo(query, datasource, options, now)).toBe(open);
  });

  it('keys on the datasource object: a re-read dataset compiles afresh', () => {
    const query = shared({ columns: ['gender', 'is_boy'], metrics: [sumNum] });
    const before = birthNames();
    const after = birthNames({
      columns: [
        ...before.columns.filter((c) => c.column_name !== 'is_boy'),
        column('is_boy', { expression: "gender = 'girl'" }),
      ],
    });
    const now = at('2024-05-15T10:00:00Z');
    expect(compileQueryMemo(query, before, options, now).sql).toContain("gender = 'boy'");
    expect(compileQueryMemo(query, after, options, now).sql).toContain("gender = 'girl'");
  });

  it('compiles a query object that is not frozen every time', () => {
    const query: QueryObject = { columns: ['gender'], metrics: [sumNum] };
    const datasource = birthNames();
    const now = at('2024-05-15T10:00:00Z');
    const first = compileQueryMemo(query, datasource, options, now);
    query.columns = ['state'];
    const second = compileQueryMemo(query, datasource, options, now);
    expect(second).not.toBe(first);
    expect(second.sql).toContain('state');
  });
});

describe('cacheKeyMemo', () => {
  it('keys on the parts besides the compiled query, and only for remembered compiled queries', () => {
    const query = shared({ columns: ['gender'], metrics: [sumNum] });
    const compiled = compileQueryMemo(query, birthNames(), options, at('2024-05-15T10:00:00Z'));
    let made = 0;
    const make = (key: string) => () => {
      made += 1;
      return key;
    };
    expect(cacheKeyMemo(compiled, '["full","all"]', make('a'))).toBe('a');
    expect(cacheKeyMemo(compiled, '["full","all"]', make('x'))).toBe('a');
    expect(cacheKeyMemo(compiled, '["full","user:2"]', make('b'))).toBe('b');
    expect(made).toBe(2);
    const fresh = compileQueryMemo(
      { columns: ['gender'], metrics: [sumNum] },
      birthNames(),
      options,
      at('2024-05-15T10:00:00Z'),
    );
    expect(cacheKeyMemo(fresh, '["full","all"]', make('c'))).toBe('c');
    expect(cacheKeyMemo(fresh, '["full","all"]', make('d'))).toBe('d');
  });
});
