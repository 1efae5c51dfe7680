import { describe, expect, it } from 'vitest';
import { permalinkTarget } from './permalink-target';

const state = {
  dataMask: {},
  activeTabs: [],
  anchor: 'TAB-b',
  urlParams: [['foo', 'bar']] as [string, string][],
};

describe('permalinkTarget', () => {
  it('opens the dashboard with the recorded parameters and anchor', () => {
    expect(permalinkTarget('/superset/dashboard/births/', state, '')).toBe(
      '/superset/dashboard/births/?foo=bar#TAB-b',
    );
  });
  it("carries the permalink URL's native_filters preselect over, and nothing else from it", () => {
    const target = permalinkTarget(
      '/superset/dashboard/3/',
      { ...state, anchor: null, urlParams: [['native_filters', '(old)']] },
      '?native_filters=(NATIVE_FILTER-a:(filterState:(value:!(boy))))&standalone=1',
    );
    const url = new URL(target, 'http://x');
    expect(url.searchParams.get('native_filters')).toBe('(NATIVE_FILTER-a:(filterState:(value:!(boy))))');
    expect(url.searchParams.has('standalone')).toBe(false);
    expect(url.hash).toBe('');
  });
});
