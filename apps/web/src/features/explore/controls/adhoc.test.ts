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
});
