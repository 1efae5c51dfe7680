import { describe, expect, it } from 'vitest';
import { dashboardTabsOf } from './dashboard-tabs';

const layout = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-a'] },
  'TABS-a': { id: 'TABS-a', type: 'TABS', children: ['TAB-one', 'TAB-two'] },
  'TAB-one': { id: 'TAB-one', type: 'TAB', children: ['ROW-r'], meta: { text: 'One' } },
  'TAB-two': { id: 'TAB-two', type: 'TAB', children: [], meta: { defaultText: 'Two' } },
  'ROW-r': { id: 'ROW-r', type: 'ROW', children: ['TABS-b'] },
  'TABS-b': { id: 'TABS-b', type: 'TABS', children: ['TAB-inner'] },
  'TAB-inner': { id: 'TAB-inner', type: 'TAB', children: [], meta: { text: 'Inner' } },
};

describe('dashboardTabsOf', () => {
  it('lists every tab and nests inner tabs under the tab holding them', () => {
    const tabs = dashboardTabsOf(JSON.stringify(layout));
    expect(tabs.all_tabs).toEqual({ 'TAB-one': 'One', 'TAB-two': 'Two', 'TAB-inner': 'Inner' });
    expect(tabs.tab_tree).toEqual([
      {
        value: 'TAB-one',
        title: 'One',
        parents: ['ROOT_ID', 'TABS-a'],
        children: [
          {
            value: 'TAB-inner',
            title: 'Inner',
            parents: ['ROOT_ID', 'TABS-a', 'TAB-one', 'ROW-r', 'TABS-b'],
            children: [],
          },
        ],
      },
      { value: 'TAB-two', title: 'Two', parents: ['ROOT_ID', 'TABS-a'], children: [] },
    ]);
  });

  it('answers empty for no layout or a broken one', () => {
    expect(dashboardTabsOf(null)).toEqual({ all_tabs: {}, tab_tree: [] });
    expect(dashboardTabsOf('{')).toEqual({ all_tabs: {}, tab_tree: [] });
  });
});
