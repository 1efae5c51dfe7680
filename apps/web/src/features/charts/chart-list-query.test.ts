import { describe, expect, it } from 'vitest';
import { chartListQuery, hasChartFilters } from './chart-list-query';

const list = { search: '', page: 2, sortColumn: 'slice_name', sortDirection: 'asc' as const };

describe('chartListQuery', () => {
  it('pages 200 charts at a time (spec 001 §9) and sorts without filters', () => {
    expect(chartListQuery(list, {})).toEqual({
      filters: [],
      order_column: 'slice_name',
      order_direction: 'asc',
      page: 2,
      page_size: 200,
    });
    expect(hasChartFilters(list, {})).toBe(false);
  });

  it('searches with chart_all_text and adds each chosen filter', () => {
    const query = chartListQuery(
      { ...list, search: '  births ' },
      { vizType: 'pie', datasetId: 4, ownerId: 7, favorite: true },
    );
    expect(query.filters).toEqual([
      { col: 'slice_name', opr: 'chart_all_text', value: 'births' },
      { col: 'viz_type', opr: 'eq', value: 'pie' },
      { col: 'datasource_id', opr: 'eq', value: 4 },
      { col: 'owners', opr: 'rel_m_m', value: 7 },
      { col: 'id', opr: 'chart_is_favorite', value: true },
    ]);
    expect(hasChartFilters(list, { favorite: false })).toBe(true);
  });
});
