import type { DashboardLayout, LayoutComponent } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { firstScreenChartIds } from './first-screen-charts';

const chart = (chartId: number, height = 50): LayoutComponent => ({
  id: `CHART-${String(chartId)}`,
  type: 'CHART',
  children: [],
  meta: { chartId, width: 4, height },
});

/** Rows of charts (ids), each chart 50 units (400 px) high unless given as [id, height]. */
function layoutOf(
  rows: (number | [number, number])[][],
  tabs?: { first: number; of: number },
): DashboardLayout {
  const layout: DashboardLayout = {
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  };
  const rowIds = rows.map((charts, i) => {
    const id = `ROW-${String(i)}`;
    layout[id] = {
      id,
      type: 'ROW',
      children: charts.map((spec) => {
        const component = Array.isArray(spec) ? chart(spec[0], spec[1]) : chart(spec);
        layout[component.id] = component;
        return component.id;
      }),
    };
    return id;
  });
  if (tabs === undefined) {
    layout.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: rowIds };
    return layout;
  }
  layout['TAB-a'] = { id: 'TAB-a', type: 'TAB', children: rowIds.slice(0, tabs.first) };
  layout['TAB-b'] = { id: 'TAB-b', type: 'TAB', children: rowIds.slice(tabs.first, tabs.of) };
  layout.TABS = { id: 'TABS', type: 'TABS', children: ['TAB-a', 'TAB-b'] };
  layout.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: ['TABS'] };
  return layout;
}

describe('firstScreenChartIds', () => {
  it('lists the charts of the rows that start within the height, top to bottom', () => {
    const layout = layoutOf([[1, 2, 3], [4, 5], [6], [7]]);
    expect(firstScreenChartIds(layout, 900)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(firstScreenChartIds(layout, 400)).toEqual([1, 2, 3]);
    expect(firstScreenChartIds(layout, 0)).toEqual([]);
  });

  it("takes a row's tallest chart as its height", () => {
    const layout = layoutOf([[1, [2, 100]], [3], [4]]);
    expect(firstScreenChartIds(layout, 801)).toEqual([1, 2, 3]);
  });

  it('reads only the first tab, where the page opens', () => {
    const layout = layoutOf([[1, 2, 3], [4], [5], [6, 7], [8]], { first: 3, of: 5 });
    expect(firstScreenChartIds(layout, 5000)).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts the charts stacked in a column', () => {
    const layout: DashboardLayout = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'ROW-2'] },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['COLUMN-1', 'CHART-3'] },
      'COLUMN-1': { id: 'COLUMN-1', type: 'COLUMN', children: ['CHART-1', 'CHART-2'] },
      'CHART-1': chart(1),
      'CHART-2': chart(2),
      'CHART-3': chart(3),
      'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-4'] },
      'CHART-4': chart(4),
    };
    expect(firstScreenChartIds(layout, 700)).toEqual([1, 2, 3]);
    expect(firstScreenChartIds(layout, 801)).toEqual([1, 2, 3, 4]);
  });

  it('stops at a component whose height it cannot tell', () => {
    const layout = layoutOf([[1], [2]]);
    layout.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: ['ROW-0', 'TAB-x', 'ROW-1'] };
    layout['TAB-x'] = { id: 'TAB-x', type: 'TAB', children: [] };
    expect(firstScreenChartIds(layout, 5000)).toEqual([1]);
  });
});
