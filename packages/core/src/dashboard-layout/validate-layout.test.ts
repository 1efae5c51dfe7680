import { describe, expect, it } from 'vitest';
import { isValidChild } from './nesting-rules';
import { validateDashboardLayout } from './validate-layout';

const chart = (id: string, chartId: number, parents: string[]) => ({
  id,
  type: 'CHART',
  children: [],
  parents,
  meta: { chartId, width: 4, height: 50 },
});

function tabbedLayout(): Record<string, unknown> {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-a', 'ROW-1'], parents: ['ROOT_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Sales' } },
    'TABS-a': { id: 'TABS-a', type: 'TABS', children: ['TAB-1', 'TAB-2'], parents: ['ROOT_ID', 'GRID_ID'] },
    'TAB-1': {
      id: 'TAB-1',
      type: 'TAB',
      children: ['ROW-2'],
      parents: ['ROOT_ID', 'GRID_ID', 'TABS-a'],
      meta: { text: 'One' },
    },
    'TAB-2': {
      id: 'TAB-2',
      type: 'TAB',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'TABS-a'],
      meta: { text: 'Two' },
    },
    'ROW-2': {
      id: 'ROW-2',
      type: 'ROW',
      children: ['CHART-b'],
      parents: ['ROOT_ID', 'GRID_ID', 'TABS-a', 'TAB-1'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    'CHART-b': chart('CHART-b', 8, ['ROOT_ID', 'GRID_ID', 'TABS-a', 'TAB-1', 'ROW-2']),
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
    'CHART-a': chart('CHART-a', 7, ['ROOT_ID', 'GRID_ID', 'ROW-1']),
  };
}

function problemsOf(layout: unknown): string[] {
  const result = validateDashboardLayout(layout);
  return result.ok ? [] : result.problems;
}

describe('validateDashboardLayout', () => {
  it('accepts a nested tree and lists its charts', () => {
    const result = validateDashboardLayout(tabbedLayout());
    expect(result).toMatchObject({ ok: true, chartIds: [8, 7] });
  });

  it('accepts top-level tabs with the grid left detached', () => {
    const layout = tabbedLayout();
    layout.ROOT_ID = { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-top'], parents: [] };
    layout.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'] };
    layout['TABS-top'] = { id: 'TABS-top', type: 'TABS', children: ['TAB-x'], parents: ['ROOT_ID'] };
    layout['TAB-x'] = { id: 'TAB-x', type: 'TAB', children: [], parents: ['ROOT_ID', 'TABS-top'] };
    const kept = Object.fromEntries(
      Object.entries(layout).filter(([id]) => !/^(TABS-a|TAB-[12]|ROW-|CHART-)/.test(id)),
    );
    expect(problemsOf(kept)).toEqual([]);
  });

  it('refuses a non-object', () => {
    expect(problemsOf([1, 2])).toEqual(['position_json must be a JSON object.']);
  });

  it('refuses an unknown type', () => {
    const layout = tabbedLayout();
    layout['ROW-1'] = { id: 'ROW-1', type: 'WIDGET', children: ['CHART-a'] };
    expect(problemsOf(layout)).toEqual(['Component "ROW-1" has an unknown type "WIDGET".']);
  });

  it('refuses a missing child, a child held twice and a cycle', () => {
    const missing = tabbedLayout();
    missing['ROW-1'] = { id: 'ROW-1', type: 'ROW', children: ['CHART-zz'], parents: ['ROOT_ID', 'GRID_ID'] };
    delete missing['CHART-a'];
    expect(problemsOf(missing)).toContain('Component "ROW-1" holds "CHART-zz", which does not exist.');

    const twice = tabbedLayout();
    twice['ROW-1'] = {
      id: 'ROW-1',
      type: 'ROW',
      children: ['CHART-a', 'CHART-b'],
      parents: ['ROOT_ID', 'GRID_ID'],
    };
    expect(problemsOf(twice)).toContain('Component "CHART-b" is held by both "ROW-2" and "ROW-1".');

    const cycle = tabbedLayout();
    cycle['TAB-2'] = {
      id: 'TAB-2',
      type: 'TAB',
      children: ['TABS-b'],
      parents: ['ROOT_ID', 'GRID_ID', 'TABS-a'],
    };
    cycle['TABS-b'] = { id: 'TABS-b', type: 'TABS', children: ['TAB-3'] };
    cycle['TAB-3'] = { id: 'TAB-3', type: 'TAB', children: ['TABS-b'] };
    const problems = problemsOf(cycle);
    expect(problems.some((p) => p.includes('held by both') || p.includes('cycle'))).toBe(true);
  });

  it('refuses wrong nesting and wrong parents', () => {
    const chartInTabs = tabbedLayout();
    chartInTabs['TABS-a'] = {
      id: 'TABS-a',
      type: 'TABS',
      children: ['TAB-1', 'TAB-2', 'CHART-a'],
      parents: ['ROOT_ID', 'GRID_ID'],
    };
    chartInTabs['ROW-1'] = { id: 'ROW-1', type: 'ROW', children: [], parents: ['ROOT_ID', 'GRID_ID'] };
    chartInTabs['CHART-a'] = chart('CHART-a', 7, ['ROOT_ID', 'GRID_ID', 'TABS-a']);
    expect(problemsOf(chartInTabs)).toContain(
      'A CHART cannot be placed in a TABS here ("CHART-a" in "TABS-a").',
    );

    const wrongParents = tabbedLayout();
    wrongParents['CHART-a'] = chart('CHART-a', 7, ['ROOT_ID', 'ROW-1']);
    expect(problemsOf(wrongParents)[0]).toMatch(/lists parents/);
  });

  it('refuses orphans, a misplaced fixed id and invalid chart meta', () => {
    const orphan = tabbedLayout();
    orphan['CHART-lost'] = chart('CHART-lost', 9, []);
    expect(problemsOf(orphan)).toEqual(['Component "CHART-lost" is not reachable from ROOT_ID.']);

    const fixed = tabbedLayout();
    fixed.GRID_ID = { id: 'GRID_ID', type: 'ROW', children: ['TABS-a', 'ROW-1'], parents: ['ROOT_ID'] };
    expect(problemsOf(fixed)).toContain('Component "GRID_ID" must be of type GRID.');

    const meta = tabbedLayout();
    meta['CHART-a'] = {
      ...chart('CHART-a', 7, ['ROOT_ID', 'GRID_ID', 'ROW-1']),
      meta: { chartId: 'x', width: 40, height: 50 },
    };
    expect(problemsOf(meta)).toEqual(['Component "CHART-a" (CHART) has invalid meta.']);
  });
});

describe('isValidChild', () => {
  it('follows the depth table', () => {
    expect(isValidChild('ROOT', 'GRID', 0)).toBe(true);
    expect(isValidChild('GRID', 'ROW', 1)).toBe(true);
    expect(isValidChild('ROW', 'COLUMN', 4)).toBe(true);
    expect(isValidChild('ROW', 'COLUMN', 5)).toBe(false);
    expect(isValidChild('COLUMN', 'ROW', 3)).toBe(true);
    expect(isValidChild('COLUMN', 'ROW', 4)).toBe(false);
    expect(isValidChild('TAB', 'TABS', 3)).toBe(true);
    expect(isValidChild('TAB', 'TABS', 4)).toBe(false);
    expect(isValidChild('CHART', 'ROW', 0)).toBe(false);
  });
});
