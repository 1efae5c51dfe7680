import { GRID_MAX_ROW_UNITS, GRID_MIN_ROW_UNITS } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { addTab, deleteComponent, INVALID_META, resizeComponent, updateMeta } from './edit';
import { chartMeta, layoutOf, ok, refusal, sampleLayout } from './fixtures.test-helpers';
import { CANNOT_CHANGE_FIXED, DROP_TARGET_MISSING } from './messages';
import { NEW_TAB_TEXT } from './new-component';

describe('deleteComponent', () => {
  it('deletes a chart and keeps a row that still holds another', () => {
    const layout = ok(deleteComponent(sampleLayout(), 'CHART-1'));
    expect(layout['CHART-1']).toBeUndefined();
    expect(layout['ROW-1']?.children).toEqual(['CHART-2']);
  });

  it('deletes the wrapper row emptied by the delete', () => {
    const layout = ok(deleteComponent(sampleLayout(), 'CHART-3'));
    expect(layout['ROW-2']).toBeUndefined();
    expect(layout['TAB-A']?.children).toEqual([]);
  });

  it('deletes descendants with their container', () => {
    const layout = ok(deleteComponent(sampleLayout(), 'TAB-A'));
    expect(['TAB-A', 'ROW-2', 'CHART-3'].map((id) => layout[id])).toEqual([undefined, undefined, undefined]);
    expect(layout['TABS-1']?.children).toEqual(['TAB-B']);
  });

  it('deleting the last tab deletes the TABS', () => {
    const once = ok(deleteComponent(sampleLayout(), 'TAB-A'));
    const twice = ok(deleteComponent(once, 'TAB-B'));
    expect(twice['TABS-1']).toBeUndefined();
    expect(twice.GRID_ID?.children).toEqual(['ROW-1']);
  });

  it('brings the grid back when the top-level tabs go', () => {
    const layout = layoutOf(
      ['ROOT_ID', 'ROOT', ['TABS-top']],
      ['GRID_ID', 'GRID', []],
      ['TABS-top', 'TABS', ['TAB-1']],
      ['TAB-1', 'TAB', [], { text: 'One' }],
    );
    const next = ok(deleteComponent(layout, 'TAB-1'));
    expect(next.ROOT_ID?.children).toEqual(['GRID_ID']);
    expect(next['TABS-top']).toBeUndefined();
  });

  it('keeps the content when the top-level tabs container goes: every tab’s children move to the grid', () => {
    const layout = layoutOf(
      ['ROOT_ID', 'ROOT', ['TABS-top']],
      ['GRID_ID', 'GRID', []],
      ['TABS-top', 'TABS', ['TAB-1', 'TAB-2']],
      ['TAB-1', 'TAB', ['ROW-a'], { text: 'One' }],
      ['ROW-a', 'ROW', ['CHART-a']],
      ['CHART-a', 'CHART', [], chartMeta(1)],
      ['TAB-2', 'TAB', ['HEADER-b', 'ROW-b'], { text: 'Two' }],
      ['HEADER-b', 'HEADER', [], { text: 'Second' }],
      ['ROW-b', 'ROW', ['CHART-b']],
      ['CHART-b', 'CHART', [], chartMeta(2)],
    );
    const next = ok(deleteComponent(layout, 'TABS-top'));
    expect(next.ROOT_ID?.children).toEqual(['GRID_ID']);
    expect(next.GRID_ID?.children).toEqual(['ROW-a', 'HEADER-b', 'ROW-b']);
    expect(next['ROW-b']?.parents).toEqual(['ROOT_ID', 'GRID_ID']);
    expect(['TABS-top', 'TAB-1', 'TAB-2'].map((id) => next[id])).toEqual([undefined, undefined, undefined]);
    expect(next['CHART-b']).toBeDefined();
  });

  it('refuses the fixed components and missing ones', () => {
    expect(refusal(deleteComponent(sampleLayout(), 'GRID_ID'))).toBe(CANNOT_CHANGE_FIXED);
    expect(refusal(deleteComponent(sampleLayout(), 'CHART-zz'))).toBe(DROP_TARGET_MISSING);
  });
});

describe('resizeComponent', () => {
  it('clamps a width to the room the row leaves and to the minimum', () => {
    expect(ok(resizeComponent(sampleLayout(), 'CHART-1', { width: 11 }))['CHART-1']?.meta?.width).toBe(8);
    expect(ok(resizeComponent(sampleLayout(), 'CHART-1', { width: 6.4 }))['CHART-1']?.meta?.width).toBe(6);
    expect(ok(resizeComponent(sampleLayout(), 'CHART-1', { width: -3 }))['CHART-1']?.meta?.width).toBe(1);
  });

  it('clamps a height to the row-unit range', () => {
    expect(ok(resizeComponent(sampleLayout(), 'CHART-3', { height: 1 }))['CHART-3']?.meta?.height).toBe(
      GRID_MIN_ROW_UNITS,
    );
    expect(ok(resizeComponent(sampleLayout(), 'CHART-3', { height: 500 }))['CHART-3']?.meta?.height).toBe(
      GRID_MAX_ROW_UNITS,
    );
    expect(ok(resizeComponent(sampleLayout(), 'CHART-3', { height: 62 }))['CHART-3']?.meta?.height).toBe(62);
  });

  it('keeps a chart in a column within the column and a column no narrower than its children', () => {
    const layout = layoutOf(
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1']],
      ['ROW-1', 'ROW', ['COLUMN-1'], {}],
      ['COLUMN-1', 'COLUMN', ['CHART-1'], { width: 6 }],
      ['CHART-1', 'CHART', [], chartMeta(1, 5)],
    );
    expect(ok(resizeComponent(layout, 'CHART-1', { width: 12 }))['CHART-1']?.meta?.width).toBe(6);
    expect(ok(resizeComponent(layout, 'COLUMN-1', { width: 2 }))['COLUMN-1']?.meta?.width).toBe(5);
    expect(ok(resizeComponent(layout, 'COLUMN-1', { width: 12 }))['COLUMN-1']?.meta?.width).toBe(12);
  });

  it('answers the same layout when nothing changes, and refuses a missing component', () => {
    const layout = sampleLayout();
    const same = resizeComponent(layout, 'CHART-1', { width: 4, height: 50 });
    expect('layout' in same && same.layout).toBe(layout);
    expect(refusal(resizeComponent(layout, 'CHART-zz', { width: 3 }))).toBe(DROP_TARGET_MISSING);
  });
});

describe('updateMeta', () => {
  it('changes header text and size, tab text, markdown code and backgrounds', () => {
    let layout = ok(updateMeta(sampleLayout(), 'TAB-A', { text: 'Overview' }));
    expect(layout['TAB-A']?.meta).toEqual({ text: 'Overview' });
    layout = ok(updateMeta(layout, 'ROW-1', { background: 'BACKGROUND_WHITE' }));
    expect(layout['ROW-1']?.meta?.background).toBe('BACKGROUND_WHITE');
    layout = ok(updateMeta(layout, 'HEADER_ID', { text: 'Sales 2', headerSize: 'LARGE_HEADER' }));
    expect(layout.HEADER_ID?.meta).toEqual({ text: 'Sales 2', headerSize: 'LARGE_HEADER' });
  });

  it('refuses meta its type does not allow', () => {
    expect(refusal(updateMeta(sampleLayout(), 'HEADER_ID', { headerSize: 'HUGE' }))).toBe(INVALID_META);
    expect(refusal(updateMeta(sampleLayout(), 'CHART-1', { width: 13 }))).toBe(INVALID_META);
    expect(refusal(updateMeta(sampleLayout(), 'TAB-zz', { text: 'x' }))).toBe(DROP_TARGET_MISSING);
  });
});

describe('addTab', () => {
  it('appends a new tab and names it', () => {
    const result = addTab(sampleLayout(), 'TABS-1');
    const layout = ok(result);
    const created = 'createdId' in result ? result.createdId : undefined;
    expect(layout['TABS-1']?.children).toEqual(['TAB-A', 'TAB-B', created]);
    expect(layout[created ?? '']).toMatchObject({
      type: 'TAB',
      meta: { text: NEW_TAB_TEXT },
      parents: ['ROOT_ID', 'GRID_ID', 'TABS-1'],
    });
  });

  it('refuses anything but a TABS container', () => {
    expect(refusal(addTab(sampleLayout(), 'ROW-1'))).toBe(DROP_TARGET_MISSING);
  });
});
