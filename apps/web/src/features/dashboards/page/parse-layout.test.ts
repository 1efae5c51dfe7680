import { describe, expect, it } from 'vitest';
import { layoutChartIds, parseLayout } from './parse-layout';

const good = JSON.stringify({
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-a', 'GONE-1'] },
  'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-1', 'CHART-2'] },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 11, width: 4, height: 50 } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 12, width: 4, height: 50 } },
});

describe('parseLayout', () => {
  it('reads a stored tree, dropping links to missing components', () => {
    const layout = parseLayout(good, 'T');
    expect(layout.GRID_ID?.children).toEqual(['ROW-a']);
    expect(layout.DASHBOARD_VERSION_KEY).toBeUndefined();
    expect(layoutChartIds(layout)).toEqual([11, 12]);
  });

  it('gives an empty layout with the title for empty or broken JSON', () => {
    for (const text of [null, '', '{broken', '[]', '{"ROOT_ID": 5}']) {
      const layout = parseLayout(text, 'My title');
      expect(layout.GRID_ID?.children).toEqual([]);
      expect(layout.HEADER_ID?.meta).toEqual({ text: 'My title' });
    }
  });
});
