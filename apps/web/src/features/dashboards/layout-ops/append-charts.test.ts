import { describe, expect, it } from 'vitest';
import { appendCharts } from './append-charts';
import { layoutOf, ok, sampleLayout } from './fixtures.test-helpers';

const charts = (...ids: number[]) =>
  ids.map((chartId) => ({ chartId, sliceName: `Chart ${String(chartId)}` }));

describe('appendCharts', () => {
  it('leaves the layout alone when nothing is missing', () => {
    const layout = sampleLayout();
    expect(appendCharts(layout, [])).toBe(layout);
  });

  it('appends missing charts at the bottom of the grid in new rows of default-width charts', () => {
    const layout = ok({ layout: appendCharts(sampleLayout(), charts(7, 8, 9, 10)) });
    const grid = layout.GRID_ID?.children ?? [];
    expect(grid.slice(0, 2)).toEqual(['ROW-1', 'TABS-1']);
    const [first, second] = grid.slice(2).map((id) => layout[id]);
    expect(first?.type).toBe('ROW');
    const chartIdsOf = (rowChildren: string[] | undefined) =>
      (rowChildren ?? []).map((id) => layout[id]?.meta?.chartId);
    expect(chartIdsOf(first?.children)).toEqual([7, 8, 9]);
    expect(chartIdsOf(second?.children)).toEqual([10]);
    expect(layout[first?.children[0] ?? '']?.meta).toMatchObject({
      width: 4,
      height: 50,
      sliceName: 'Chart 7',
    });
  });

  it('appends into the first top-level tab when tabs replaced the grid', () => {
    const before = layoutOf(
      ['ROOT_ID', 'ROOT', ['TABS-top']],
      ['GRID_ID', 'GRID', []],
      ['TABS-top', 'TABS', ['TAB-1', 'TAB-2']],
      ['TAB-1', 'TAB', [], { text: 'One' }],
      ['TAB-2', 'TAB', [], { text: 'Two' }],
    );
    const layout = ok({ layout: appendCharts(before, charts(5)) });
    expect(layout['TAB-1']?.children).toHaveLength(1);
    expect(layout['TAB-2']?.children).toEqual([]);
    expect(layout.GRID_ID?.children).toEqual([]);
  });
});
