import { describe, expect, it } from 'vitest';
import { readExploreUrl } from './url-params';

describe('readExploreUrl', () => {
  it('reads a saved chart with standalone and force', () => {
    expect(readExploreUrl('?slice_id=12&standalone=1&force=true')).toMatchObject({
      sliceId: 12,
      standalone: true,
      force: true,
      datasourceId: null,
    });
  });

  it('reads a dataset by id and type, or in the legacy datasource form', () => {
    expect(readExploreUrl('?datasource_id=3&datasource_type=table&viz_type=pie')).toMatchObject({
      datasourceId: 3,
      datasourceType: 'table',
      vizType: 'pie',
    });
    expect(readExploreUrl('?datasource=7__table')).toMatchObject({
      datasourceId: 7,
      datasourceType: 'table',
    });
  });

  it('ignores malformed ids and takes the permalink from the path', () => {
    expect(readExploreUrl('?slice_id=abc&standalone=0', 'k1')).toMatchObject({
      sliceId: null,
      standalone: false,
      permalinkKey: 'k1',
    });
  });

  it('reads the dashboard Explore was opened from', () => {
    expect(readExploreUrl('?slice_id=4&dashboard_id=9').dashboardId).toBe(9);
    expect(readExploreUrl('?slice_id=4').dashboardId).toBeNull();
    expect(readExploreUrl('?dashboard_id=x').dashboardId).toBeNull();
  });
});
