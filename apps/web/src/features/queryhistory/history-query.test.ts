import { describe, expect, it } from 'vitest';
import { NO_HISTORY_FILTERS, historyListQuery, runDuration, sqlPreview } from './history-query';

describe('historyListQuery', () => {
  it('asks for the newest queries without filters', () => {
    expect(historyListQuery(NO_HISTORY_FILTERS, 2)).toEqual({
      filters: [],
      order_column: 'changed_on',
      order_direction: 'desc',
      page: 2,
      page_size: 25,
    });
  });

  it('turns every filter into the server rison filter', () => {
    const query = historyListQuery({ databaseId: 3, state: 'failed', userId: 9, from: 1000, to: 2000 }, 0);
    expect(query.filters).toEqual([
      { col: 'database', opr: 'rel_o_m', value: 3 },
      { col: 'status', opr: 'eq', value: 'failed' },
      { col: 'user', opr: 'rel_o_m', value: 9 },
      { col: 'start_time', opr: 'ge', value: 1000 },
      { col: 'start_time', opr: 'le', value: 2000 },
    ]);
  });
});

describe('runDuration and sqlPreview', () => {
  it('measures finished runs only', () => {
    expect(runDuration({ start_time: 1000, end_time: 3500 })).toBe(2500);
    expect(runDuration({ start_time: 1000, end_time: null })).toBeNull();
  });

  it('flattens and cuts long SQL', () => {
    expect(sqlPreview('SELECT\n  1\n\tFROM t')).toBe('SELECT 1 FROM t');
    const long = sqlPreview('x'.repeat(300), 10);
    expect(long).toHaveLength(10);
    expect(long.endsWith('…')).toBe(true);
  });
});
