import { describe, expect, it } from 'vitest';
import { encodeRison } from '../../../shared/rison/rison';
import type { ListState } from '../../../shared/ui/list-query';
import { dashboardListQuery, hasDashboardFilters } from './dashboard-list-query';

const LIST: ListState = {
  search: '',
  page: 2,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
};

describe('dashboardListQuery', () => {
  it('asks for a sorted page without filters when none is set', () => {
    expect(encodeRison(dashboardListQuery(LIST, {}))).toBe(
      '(filters:!(),order_column:changed_on_delta_humanized,order_direction:desc,page:2,page_size:25)',
    );
    expect(hasDashboardFilters(LIST, {})).toBe(false);
  });

  it('searches titles and slugs, and adds the owner, status, favourite and certified filters', () => {
    const query = dashboardListQuery(
      { ...LIST, search: '  sales ' },
      { ownerId: 3, published: false, favorite: true, certified: true },
    );
    expect(encodeRison(query.filters)).toBe(
      '!((col:dashboard_title,opr:title_or_slug,value:sales),(col:owners,opr:rel_m_m,value:3),' +
        '(col:published,opr:eq,value:!f),(col:id,opr:dashboard_is_favorite,value:!t),' +
        '(col:id,opr:dashboard_is_certified,value:!t))',
    );
    expect(hasDashboardFilters(LIST, { certified: false })).toBe(true);
  });
});
