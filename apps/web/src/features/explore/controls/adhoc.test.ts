import { describe, expect, it } from 'vitest';
import { asMetricList, filterLabel, isCompleteFilter, newFilter, simpleMetric } from './adhoc';

describe('adhoc values', () => {
  it('builds simple metrics with default or custom labels', () => {
    const column = { column_name: 'num', type: 'BIGINT' };
    expect(simpleMetric('SUM', column)).toMatchObject({ label: 'SUM(num)', hasCustomLabel: false });
    expect(simpleMetric('SUM', column, 'Births')).toMatchObject({ label: 'Births', hasCustomLabel: true });
  });

  it('normalises stored metrics and drops junk', () => {
    const list = asMetricList(['sum__num', { expressionType: 'SQL', sqlExpression: 'COUNT(*)' }, 42]);
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ label: 'COUNT(*)' });
    expect(asMetricList('count')).toEqual(['count']);
  });

  it('labels and checks filters', () => {
    const filter = { ...newFilter('state'), comparator: ['CA', 'NY'] };
    expect(filterLabel(filter)).toBe('state IN (CA, NY)');
    expect(isCompleteFilter(filter)).toBe(true);
    expect(isCompleteFilter(newFilter('state'))).toBe(false);
    expect(isCompleteFilter({ ...newFilter('state'), operator: 'IS NULL' })).toBe(true);
    expect(
      filterLabel({
        ...newFilter('x'),
        expressionType: 'SQL',
        clause: 'HAVING',
        sqlExpression: 'SUM(num) > 5',
      }),
    ).toBe('HAVING SUM(num) > 5');
  });

  it('labels a temporal range by the range it resolves to', () => {
    const now = new Date('2024-05-15T12:00:00Z');
    const range = { ...newFilter('ds'), operator: 'TEMPORAL_RANGE', comparator: 'No filter' };
    expect(filterLabel(range, now)).toBe('ds (No filter)');
    expect(filterLabel({ ...range, comparator: '1990-01-01 : 2000-01-01' }, now)).toBe(
      '1990-01-01 ≤ ds < 2000-01-01',
    );
    expect(filterLabel({ ...range, comparator: 'Last year' }, now)).toBe('2023-05-15 ≤ ds < 2024-05-15');
    expect(filterLabel({ ...range, comparator: 'soon : later' }, now)).toBe('ds (soon : later)');
    expect(isCompleteFilter(range)).toBe(true);
  });
});
