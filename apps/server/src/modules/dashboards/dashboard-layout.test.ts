import { validateDashboardLayout } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { addChartToLayout, removeChartFromLayout } from './dashboard-layout';

interface Node {
  id: string;
  type: string;
  children: string[];
  parents?: string[];
  meta?: Record<string, unknown>;
}

const parse = (json: string | null): Record<string, Node> => JSON.parse(json ?? '{}') as Record<string, Node>;
const chartsIn = (layout: Record<string, Node>) =>
  Object.values(layout).filter((node) => typeof node === 'object' && node.type === 'CHART');

describe('dashboard layout', () => {
  it('builds ROOT → GRID → ROW → CHART for a dashboard without a layout', () => {
    const layout = parse(addChartToLayout(null, { id: 7, sliceName: 'Births', uuid: 'u-7' }, 'Sales'));
    expect(layout.ROOT_ID?.children).toEqual(['GRID_ID']);
    const rowId = layout.GRID_ID?.children[0] ?? '';
    expect(layout[rowId]?.type).toBe('ROW');
    const chartId = layout[rowId]?.children[0] ?? '';
    expect(layout[chartId]).toMatchObject({
      type: 'CHART',
      parents: ['ROOT_ID', 'GRID_ID', rowId],
      meta: { chartId: 7, width: 4, height: 50, sliceName: 'Births' },
    });
    expect(layout.HEADER_ID?.meta?.text).toBe('Sales');
  });

  it('fills the last row up to 12 columns, then starts a new one', () => {
    let json: string | null = null;
    for (let id = 1; id <= 4; id += 1)
      json = addChartToLayout(json, { id, sliceName: `c${id}`, uuid: `u${id}` }, 'D');
    const layout = parse(json);
    const rows = layout.GRID_ID?.children ?? [];
    expect(rows).toHaveLength(2);
    expect(layout[rows[0] ?? '']?.children).toHaveLength(3);
    expect(layout[rows[1] ?? '']?.children).toHaveLength(1);
  });

  it('does not add a chart twice', () => {
    const once = addChartToLayout(null, { id: 3, sliceName: 'x', uuid: 'u' }, 'D');
    const twice = addChartToLayout(once, { id: 3, sliceName: 'x', uuid: 'u' }, 'D');
    expect(chartsIn(parse(twice))).toHaveLength(1);
  });

  it('replaces a layout that is not JSON with a fresh tree', () => {
    const layout = parse(addChartToLayout('not json', { id: 1, sliceName: 'x', uuid: 'u' }, 'D'));
    expect(chartsIn(layout)).toHaveLength(1);
  });

  it('removes a chart and the row it leaves empty', () => {
    let json: string | null = addChartToLayout(null, { id: 1, sliceName: 'a', uuid: 'a' }, 'D');
    json = removeChartFromLayout(json, 1);
    const layout = parse(json);
    expect(chartsIn(layout)).toHaveLength(0);
    expect(layout.GRID_ID?.children).toEqual([]);
  });

  it('keeps the row when other charts remain in it', () => {
    let json: string | null = addChartToLayout(null, { id: 1, sliceName: 'a', uuid: 'a' }, 'D');
    json = addChartToLayout(json, { id: 2, sliceName: 'b', uuid: 'b' }, 'D');
    const layout = parse(removeChartFromLayout(json, 1));
    expect(chartsIn(layout).map((node) => node.meta?.chartId)).toEqual([2]);
    expect(layout.GRID_ID?.children).toHaveLength(1);
  });

  it('builds layouts the save validation accepts, before and after charts leave', () => {
    let position = addChartToLayout(null, { id: 1, sliceName: 'A', uuid: 'u-1' }, 'Board');
    for (let id = 2; id <= 5; id += 1)
      position = addChartToLayout(position, { id, sliceName: 'B', uuid: `u-${id}` }, 'Board');
    const full = validateDashboardLayout(JSON.parse(position));
    expect(full).toMatchObject({ ok: true, chartIds: [1, 2, 3, 4, 5] });
    const fewer = validateDashboardLayout(JSON.parse(removeChartFromLayout(position, 3) ?? '{}'));
    expect(fewer).toMatchObject({ ok: true, chartIds: [1, 2, 4, 5] });
  });
});
