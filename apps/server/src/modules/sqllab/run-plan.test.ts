import { describe, expect, it } from 'vitest';
import type { QueryPlan } from './plan';
import { finalLimitingFactor } from './run-plan';

const plan = (limitingFactor: QueryPlan['limitingFactor'], limit: number): QueryPlan => ({
  statements: ['SELECT 1'],
  limit,
  limitingFactor,
  readOnlySession: true,
  readOnlyBeforeLast: false,
  ctas: null,
  executedSql: 'SELECT 1',
  streamLast: true,
});

describe('finalLimitingFactor', () => {
  it('keeps DROPDOWN only when the extra row existed', () => {
    expect(finalLimitingFactor(plan('DROPDOWN', 10), 10, true)).toBe('DROPDOWN');
    expect(finalLimitingFactor(plan('DROPDOWN', 10), 10, false)).toBe('NOT_LIMITED');
    expect(finalLimitingFactor(plan('DROPDOWN', 10), 3, false)).toBe('NOT_LIMITED');
  });

  it('keeps QUERY when the SQL limit was reached', () => {
    expect(finalLimitingFactor(plan('QUERY', 5), 5, false)).toBe('QUERY');
    expect(finalLimitingFactor(plan('QUERY', 5), 2, false)).toBe('NOT_LIMITED');
    expect(finalLimitingFactor(plan('QUERY_AND_DROPDOWN', 5), 5, false)).toBe('QUERY_AND_DROPDOWN');
  });

  it('reports a cut of a statement it could not classify as the dropdown', () => {
    expect(finalLimitingFactor(plan('UNKNOWN', 5), 5, true)).toBe('DROPDOWN');
    expect(finalLimitingFactor(plan('UNKNOWN', 5), 1, false)).toBe('UNKNOWN');
  });
});
