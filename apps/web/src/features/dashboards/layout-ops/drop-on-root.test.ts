import { describe, expect, it } from 'vitest';
import { dropComponent } from './drop';
import { chartMeta, layoutOf, ok, refusal, sampleLayout } from './fixtures.test-helpers';
import { ONLY_TABS_AT_TOP, TOP_LEVEL_TAB_INTO_NESTED_TABS } from './messages';
import { NEW_TAB_TEXT } from './new-component';

const onRoot = { parentId: 'ROOT_ID', index: 0 };

describe('dropComponent onto ROOT: top-level tabs', () => {
  it('makes new tabs the top level and moves the grid content into their first tab', () => {
    const result = dropComponent(sampleLayout(), { kind: 'new', type: 'TABS' }, onRoot);
    const layout = ok(result);
    const tabsId = layout.ROOT_ID?.children[0] ?? '';
    expect(layout.ROOT_ID?.children).toEqual([tabsId]);
    expect('createdId' in result && result.createdId).toBe(tabsId);
    const tabs = layout[tabsId];
    expect(tabs?.type).toBe('TABS');
    const tabId = tabs?.children[0] ?? '';
    expect(layout[tabId]).toMatchObject({ type: 'TAB', meta: { text: NEW_TAB_TEXT } });
    expect(layout[tabId]?.children).toEqual(['ROW-1', 'TABS-1']);
    expect(layout['CHART-3']?.parents).toEqual(['ROOT_ID', tabsId, tabId, 'TABS-1', 'TAB-A', 'ROW-2']);
    // The grid stays, detached and empty.
    expect(layout.GRID_ID?.children).toEqual([]);
  });

  it('lifts existing tabs out of the grid; the rest of the grid follows their own first tab content', () => {
    const layout = ok(dropComponent(sampleLayout(), { kind: 'existing', id: 'TABS-1' }, onRoot));
    expect(layout.ROOT_ID?.children).toEqual(['TABS-1']);
    expect(layout['TAB-A']?.children).toEqual(['ROW-2', 'ROW-1']);
    expect(layout['TAB-B']?.children).toEqual([]);
    expect(layout['CHART-1']?.parents).toEqual(['ROOT_ID', 'TABS-1', 'TAB-A', 'ROW-1']);
  });

  it('lifts tabs out of a column, removing nothing else', () => {
    const before = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1']],
      ['ROW-1', 'ROW', ['COLUMN-1'], {}],
      ['COLUMN-1', 'COLUMN', ['TABS-1', 'CHART-1'], { width: 6 }],
      ['CHART-1', 'CHART', [], chartMeta(1)],
      ['TABS-1', 'TABS', ['TAB-A']],
      ['TAB-A', 'TAB', [], { text: 'A' }],
    );
    const layout = ok(dropComponent(before, { kind: 'existing', id: 'TABS-1' }, onRoot));
    expect(layout['COLUMN-1']?.children).toEqual(['CHART-1']);
    expect(layout['TAB-A']?.children).toEqual(['ROW-1']);
  });

  it('refuses anything but tabs at the top', () => {
    expect(refusal(dropComponent(sampleLayout(), { kind: 'new', type: 'ROW' }, onRoot))).toBe(
      ONLY_TABS_AT_TOP,
    );
    expect(refusal(dropComponent(sampleLayout(), { kind: 'existing', id: 'ROW-1' }, onRoot))).toBe(
      ONLY_TABS_AT_TOP,
    );
  });

  it('refuses new tabs when top-level tabs exist: they would become nested tabs', () => {
    const topLevel = ok(dropComponent(sampleLayout(), { kind: 'new', type: 'TABS' }, onRoot));
    expect(refusal(dropComponent(topLevel, { kind: 'new', type: 'TABS' }, onRoot))).toBe(
      TOP_LEVEL_TAB_INTO_NESTED_TABS,
    );
    expect(refusal(dropComponent(topLevel, { kind: 'existing', id: 'TABS-1' }, onRoot))).toBe(
      TOP_LEVEL_TAB_INTO_NESTED_TABS,
    );
  });

  it('gives a tabs container without tabs a first tab', () => {
    const before = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['DIVIDER-1']],
      ['DIVIDER-1', 'DIVIDER'],
      ['TABS-1', 'TABS', []],
    );
    // TABS-1 is unreachable here on purpose: an existing item must have a parent.
    expect(refusal(dropComponent(before, { kind: 'existing', id: 'TABS-1' }, onRoot))).toBeTruthy();
    const withEmptyTabs = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['DIVIDER-1', 'TABS-1']],
      ['DIVIDER-1', 'DIVIDER'],
      ['TABS-1', 'TABS', []],
    );
    const layout = ok(dropComponent(withEmptyTabs, { kind: 'existing', id: 'TABS-1' }, onRoot));
    const tabId = layout['TABS-1']?.children[0] ?? '';
    expect(layout[tabId]?.children).toEqual(['DIVIDER-1']);
  });
});
