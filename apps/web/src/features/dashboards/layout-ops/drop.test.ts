import { describe, expect, it } from 'vitest';
import { dropComponent } from './drop';
import { chartMeta, layoutOf, ok, refusal, sampleLayout, withMeta } from './fixtures.test-helpers';
import {
  CANNOT_CHANGE_FIXED,
  CHART_MOVED_SCOPE,
  DROP_TARGET_MISSING,
  NO_CHART_DEFINITION,
  NOT_ENOUGH_SPACE,
  TOP_LEVEL_TAB_INTO_NESTED_TABS,
} from './messages';
import { NEW_TAB_TEXT } from './new-component';

const chart = { chartId: 9, sliceName: 'Births' };

describe('dropComponent: new components', () => {
  it('wraps a new chart dropped into the grid in a new row with default size', () => {
    const result = dropComponent(
      sampleLayout(),
      { kind: 'new', type: 'CHART', chart },
      { parentId: 'GRID_ID', index: 0 },
    );
    const layout = ok(result);
    const rowId = layout.GRID_ID?.children[0] ?? '';
    expect(rowId).toMatch(/^ROW-[A-Za-z0-9_-]{10}$/);
    const chartId = layout[rowId]?.children[0] ?? '';
    expect(chartId).toMatch(/^CHART-[A-Za-z0-9_-]{10}$/);
    expect('createdId' in result && result.createdId).toBe(chartId);
    expect(layout[chartId]).toMatchObject({
      meta: { chartId: 9, sliceName: 'Births', width: 4, height: 50 },
      parents: ['ROOT_ID', 'GRID_ID', rowId],
    });
    expect(layout.GRID_ID?.children.slice(1)).toEqual(['ROW-1', 'TABS-1']);
  });

  it('wraps markdown dropped into a tab, and puts a chart into an existing row without a wrapper', () => {
    const inTab = ok(
      dropComponent(sampleLayout(), { kind: 'new', type: 'MARKDOWN' }, { parentId: 'TAB-B', index: 0 }),
    );
    const row = inTab[inTab['TAB-B']?.children[0] ?? ''];
    expect(row?.type).toBe('ROW');
    const markdown = inTab[row?.children[0] ?? ''];
    expect(markdown).toMatchObject({ type: 'MARKDOWN', meta: { width: 4, height: 50 } });
    expect(typeof markdown?.meta?.code).toBe('string');

    const inRow = ok(
      dropComponent(sampleLayout(), { kind: 'new', type: 'CHART', chart }, { parentId: 'ROW-1', index: 1 }),
    );
    expect(inRow['ROW-1']?.children).toHaveLength(3);
    expect(inRow['ROW-1']?.children[0]).toBe('CHART-1');
    expect(inRow['ROW-1']?.children[2]).toBe('CHART-2');
  });

  it('adds headers, dividers and tabs (with their first tab) without a wrapper', () => {
    let layout = ok(
      dropComponent(sampleLayout(), { kind: 'new', type: 'HEADER' }, { parentId: 'GRID_ID', index: 3 }),
    );
    const headerId = layout.GRID_ID?.children[2] ?? '';
    expect(layout[headerId]).toMatchObject({ type: 'HEADER', meta: { headerSize: 'MEDIUM_HEADER' } });
    layout = ok(dropComponent(layout, { kind: 'new', type: 'DIVIDER' }, { parentId: 'GRID_ID', index: 0 }));
    expect(layout[layout.GRID_ID?.children[0] ?? '']?.type).toBe('DIVIDER');
    layout = ok(dropComponent(layout, { kind: 'new', type: 'TABS' }, { parentId: 'TAB-B', index: 0 }));
    const tabs = layout[layout['TAB-B']?.children[0] ?? ''];
    expect(tabs?.type).toBe('TABS');
    expect(layout[tabs?.children[0] ?? '']).toMatchObject({ type: 'TAB', meta: { text: NEW_TAB_TEXT } });
  });

  it('wraps a chart dropped on a tab container in a new tab and a row (spec 001 §3 Layout)', () => {
    const before = sampleLayout();
    const tabsCount = before['TABS-1']?.children.length ?? 0;
    const layout = ok(
      dropComponent(before, { kind: 'new', type: 'CHART', chart }, { parentId: 'TABS-1', index: tabsCount }),
    );
    const tabs = layout['TABS-1']?.children ?? [];
    expect(tabs).toHaveLength(tabsCount + 1);
    const tab = layout[tabs[tabsCount] ?? ''];
    expect(tab).toMatchObject({ type: 'TAB', meta: { text: NEW_TAB_TEXT } });
    const row = layout[tab?.children[0] ?? ''];
    expect(row?.type).toBe('ROW');
    expect(layout[row?.children[0] ?? '']).toMatchObject({ type: 'CHART', meta: { chartId: 9 } });
  });

  it('moves an existing row dropped on a tab container into a new tab of its own', () => {
    const layout = ok(
      dropComponent(sampleLayout(), { kind: 'existing', id: 'ROW-1' }, { parentId: 'TABS-1', index: 0 }),
    );
    const tab = layout[layout['TABS-1']?.children[0] ?? ''];
    expect(tab?.type).toBe('TAB');
    expect(tab?.children).toEqual(['ROW-1']);
    expect(layout.GRID_ID?.children).not.toContain('ROW-1');
  });

  it('refuses a chart without a chart definition', () => {
    expect(
      refusal(
        dropComponent(sampleLayout(), { kind: 'new', type: 'CHART' }, { parentId: 'GRID_ID', index: 0 }),
      ),
    ).toBe(NO_CHART_DEFINITION);
  });

  it('refuses a full row and a too narrow column', () => {
    const full = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1']],
      ['ROW-1', 'ROW', ['CHART-1', 'COLUMN-1'], {}],
      ['CHART-1', 'CHART', [], chartMeta(1, 9)],
      ['COLUMN-1', 'COLUMN', [], { width: 3 }],
    );
    expect(
      refusal(dropComponent(full, { kind: 'new', type: 'CHART', chart }, { parentId: 'ROW-1', index: 2 })),
    ).toBe(NOT_ENOUGH_SPACE);
    expect(
      refusal(dropComponent(full, { kind: 'new', type: 'CHART', chart }, { parentId: 'COLUMN-1', index: 0 })),
    ).toBe(NOT_ENOUGH_SPACE);
    // A header has no width and fits any column.
    ok(dropComponent(full, { kind: 'new', type: 'HEADER' }, { parentId: 'COLUMN-1', index: 0 }));
  });

  it('refuses what the nesting rules refuse at that depth', () => {
    // A divider cannot go into a ROW (a chart dropped on TABS gets a tab of its own, tested above).
    expect(
      refusal(
        dropComponent(sampleLayout(), { kind: 'new', type: 'DIVIDER' }, { parentId: 'ROW-1', index: 0 }),
      ),
    ).toMatch(/cannot be placed/);
    // A ROW at depth 4 (GRID > ROW > COLUMN > ROW > COLUMN) may not hold another column-with-row.
    const deep = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1']],
      ['ROW-1', 'ROW', ['COLUMN-1'], {}],
      ['COLUMN-1', 'COLUMN', ['ROW-2'], { width: 12 }],
      ['ROW-2', 'ROW', ['COLUMN-2'], {}],
      ['COLUMN-2', 'COLUMN', [], { width: 6 }],
    );
    expect(
      refusal(dropComponent(deep, { kind: 'new', type: 'ROW' }, { parentId: 'COLUMN-2', index: 0 })),
    ).toMatch(/cannot be placed/);
  });

  it('refuses a missing destination', () => {
    expect(
      refusal(
        dropComponent(sampleLayout(), { kind: 'new', type: 'DIVIDER' }, { parentId: 'ROW-zz', index: 0 }),
      ),
    ).toBe(DROP_TARGET_MISSING);
  });
});

describe('dropComponent: moves', () => {
  it('reorders within a row (index counted before the move)', () => {
    const layout = ok(
      dropComponent(sampleLayout(), { kind: 'existing', id: 'CHART-1' }, { parentId: 'ROW-1', index: 2 }),
    );
    expect(layout['ROW-1']?.children).toEqual(['CHART-2', 'CHART-1']);
    const back = ok(
      dropComponent(layout, { kind: 'existing', id: 'CHART-1' }, { parentId: 'ROW-1', index: 0 }),
    );
    expect(back['ROW-1']?.children).toEqual(['CHART-1', 'CHART-2']);
  });

  it('answers the same layout when dropped where it already is', () => {
    const layout = sampleLayout();
    const result = dropComponent(
      layout,
      { kind: 'existing', id: 'CHART-1' },
      { parentId: 'ROW-1', index: 1 },
    );
    expect('layout' in result && result.layout).toBe(layout);
  });

  it('moves between rows and deletes the emptied source row, with parents updated', () => {
    const layout = ok(
      dropComponent(sampleLayout(), { kind: 'existing', id: 'CHART-3' }, { parentId: 'ROW-1', index: 2 }),
    );
    expect(layout['ROW-1']?.children).toEqual(['CHART-1', 'CHART-2', 'CHART-3']);
    expect(layout['CHART-3']?.parents).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-1']);
    expect(layout['ROW-2']).toBeUndefined();
    expect(layout['TAB-A']?.children).toEqual([]);
  });

  it('moves a whole row into a tab, updating every descendant', () => {
    const layout = ok(
      dropComponent(sampleLayout(), { kind: 'existing', id: 'ROW-1' }, { parentId: 'TAB-B', index: 0 }),
    );
    expect(layout['TAB-B']?.children).toEqual(['ROW-1']);
    expect(layout['CHART-2']?.parents).toEqual(['ROOT_ID', 'GRID_ID', 'TABS-1', 'TAB-B', 'ROW-1']);
  });

  it('refuses a move that overfills the destination row (the dragged width counts once)', () => {
    const base = sampleLayout();
    const wide = withMeta(base, 'CHART-3', chartMeta(3, 5));
    expect(
      refusal(dropComponent(wide, { kind: 'existing', id: 'CHART-3' }, { parentId: 'ROW-1', index: 0 })),
    ).toBe(NOT_ENOUGH_SPACE);
    // Reordering in a full row is fine: the dragged chart is already counted.
    const fullRow = withMeta(base, 'CHART-1', chartMeta(1, 8));
    ok(dropComponent(fullRow, { kind: 'existing', id: 'CHART-2' }, { parentId: 'ROW-1', index: 0 }));
  });

  it('warns when a chart moves to another top-level tab', () => {
    const layout = layoutOf(
      ['ROOT_ID', 'ROOT', ['TABS-top']],
      ['GRID_ID', 'GRID', []],
      ['TABS-top', 'TABS', ['TAB-1', 'TAB-2']],
      ['TAB-1', 'TAB', ['ROW-1'], { text: 'One' }],
      ['TAB-2', 'TAB', ['ROW-2'], { text: 'Two' }],
      ['ROW-1', 'ROW', ['CHART-1', 'CHART-2'], {}],
      ['ROW-2', 'ROW', [], {}],
      ['CHART-1', 'CHART', [], chartMeta(1)],
      ['CHART-2', 'CHART', [], chartMeta(2)],
    );
    const moved = dropComponent(layout, { kind: 'existing', id: 'CHART-1' }, { parentId: 'ROW-2', index: 0 });
    ok(moved);
    expect('warning' in moved && moved.warning).toBe(CHART_MOVED_SCOPE);
    const reordered = dropComponent(
      layout,
      { kind: 'existing', id: 'CHART-1' },
      { parentId: 'ROW-1', index: 2 },
    );
    expect('warning' in reordered && reordered.warning).toBeFalsy();
  });

  it('refuses moving a top-level tab into nested tabs, but reorders it', () => {
    const layout = layoutOf(
      ['ROOT_ID', 'ROOT', ['TABS-top']],
      ['GRID_ID', 'GRID', []],
      ['TABS-top', 'TABS', ['TAB-1', 'TAB-2']],
      ['TAB-1', 'TAB', ['TABS-in'], { text: 'One' }],
      ['TAB-2', 'TAB', [], { text: 'Two' }],
      ['TABS-in', 'TABS', ['TAB-3']],
      ['TAB-3', 'TAB', [], { text: 'Three' }],
    );
    expect(
      refusal(dropComponent(layout, { kind: 'existing', id: 'TAB-2' }, { parentId: 'TABS-in', index: 0 })),
    ).toBe(TOP_LEVEL_TAB_INTO_NESTED_TABS);
    const reordered = ok(
      dropComponent(layout, { kind: 'existing', id: 'TAB-2' }, { parentId: 'TABS-top', index: 0 }),
    );
    expect(reordered['TABS-top']?.children).toEqual(['TAB-2', 'TAB-1']);
  });

  it('deletes a TABS container when its last tab moves out, and re-attaches the grid under ROOT', () => {
    const layout = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['TABS-1', 'TABS-2']],
      ['TABS-1', 'TABS', ['TAB-1']],
      ['TABS-2', 'TABS', ['TAB-2']],
      ['TAB-1', 'TAB', [], { text: 'One' }],
      ['TAB-2', 'TAB', [], { text: 'Two' }],
    );
    const moved = ok(
      dropComponent(layout, { kind: 'existing', id: 'TAB-1' }, { parentId: 'TABS-2', index: 1 }),
    );
    expect(moved['TABS-1']).toBeUndefined();
    expect(moved.GRID_ID?.children).toEqual(['TABS-2']);
    expect(moved['TABS-2']?.children).toEqual(['TAB-2', 'TAB-1']);
  });

  it('refuses moving a component into itself, a fixed component, and a vanished one', () => {
    expect(
      refusal(
        dropComponent(sampleLayout(), { kind: 'existing', id: 'TABS-1' }, { parentId: 'TAB-A', index: 0 }),
      ),
    ).toMatch(/cannot be placed/);
    expect(
      refusal(
        dropComponent(sampleLayout(), { kind: 'existing', id: 'GRID_ID' }, { parentId: 'TAB-A', index: 0 }),
      ),
    ).toBe(CANNOT_CHANGE_FIXED);
    expect(
      refusal(
        dropComponent(sampleLayout(), { kind: 'existing', id: 'CHART-zz' }, { parentId: 'ROW-1', index: 0 }),
      ),
    ).toBe(DROP_TARGET_MISSING);
  });

  it('refuses a row moved where its nested content would be too deep', () => {
    const layout = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1', 'ROW-3']],
      ['ROW-1', 'ROW', ['COLUMN-1'], {}],
      ['COLUMN-1', 'COLUMN', ['ROW-2'], { width: 6 }],
      ['ROW-2', 'ROW', ['CHART-1'], {}],
      ['CHART-1', 'CHART', [], chartMeta(1)],
      ['ROW-3', 'ROW', ['COLUMN-3'], {}],
      ['COLUMN-3', 'COLUMN', ['ROW-4'], { width: 6 }],
      ['ROW-4', 'ROW', ['COLUMN-4'], {}],
      ['COLUMN-4', 'COLUMN', [], { width: 6 }],
    );
    // ROW-1 (row > column > row > chart) into COLUMN-4 at depth 4 would need a ROW in a depth-4 column.
    expect(
      refusal(dropComponent(layout, { kind: 'existing', id: 'ROW-1' }, { parentId: 'COLUMN-4', index: 0 })),
    ).toMatch(/cannot be placed/);
  });
});
