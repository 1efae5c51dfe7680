import { describe, expect, it } from 'vitest';
import { anchorTabList, namedTabIds, selectedReportTabs } from './report-tabs';

describe('selectedReportTabs', () => {
  it('reads Superset’s anchor list first, in its order, without repeats', () => {
    expect(
      selectedReportTabs({ anchor: JSON.stringify(['TAB-c', 'TAB-a', 'TAB-c']), activeTabs: ['TAB-b'] }),
    ).toEqual(['TAB-c', 'TAB-a']);
  });
  it('takes activeTabs (the report modal) when the anchor is no list, then a single anchor', () => {
    expect(selectedReportTabs({ activeTabs: ['TAB-b', 'TAB-a'], anchor: 'TAB-c' })).toEqual([
      'TAB-b',
      'TAB-a',
    ]);
    expect(selectedReportTabs({ anchor: 'TAB-c' })).toEqual(['TAB-c']);
    expect(selectedReportTabs({})).toEqual([]);
  });
});

describe('anchorTabList', () => {
  it('is null for a single id and for JSON that is not a list of ids', () => {
    expect(anchorTabList('TAB-a')).toBeNull();
    expect(anchorTabList('[1, 2]')).toBeNull();
    expect(anchorTabList('[broken')).toBeNull();
    expect(anchorTabList(undefined)).toBeNull();
    expect(anchorTabList(' ["TAB-a"]')).toEqual(['TAB-a']);
  });
});

describe('namedTabIds', () => {
  it('collects every id to validate: activeTabs, the anchor list, or a single anchor', () => {
    expect(namedTabIds({ activeTabs: ['TAB-a'], anchor: '["TAB-b","TAB-a"]' })).toEqual({
      tabs: ['TAB-a', 'TAB-b'],
      anchor: null,
    });
    expect(namedTabIds({ anchor: 'TAB-z' })).toEqual({ tabs: [], anchor: 'TAB-z' });
    expect(namedTabIds(undefined)).toEqual({ tabs: [], anchor: null });
  });
});
