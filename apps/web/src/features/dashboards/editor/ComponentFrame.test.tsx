import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byDataTest, renderWithStore, setupDomTest } from '../../../test/dom-test';
import { chartMeta, layoutOf } from '../layout-ops/fixtures.test-helpers';
import { NOT_ENOUGH_SPACE } from '../layout-ops';
import { ComponentFrame } from './ComponentFrame';
import { EditorHarness, type HarnessLog } from './editor.test-helpers';

setupDomTest();

const layout = () =>
  layoutOf(
    ['ROOT_ID', 'ROOT', ['GRID_ID']],
    ['GRID_ID', 'GRID', ['ROW-1']],
    ['ROW-1', 'ROW', ['CHART-1', 'CHART-2'], {}],
    ['CHART-1', 'CHART', [], chartMeta(1, 4)],
    ['CHART-2', 'CHART', [], chartMeta(2, 7)],
  );

function renderFrame(log: HarnessLog) {
  return renderWithStore(
    <EditorHarness initial={log.layout} log={log}>
      <Frame />
    </EditorHarness>,
  );
}

function Frame() {
  const component = layout()['CHART-1'];
  if (component === undefined) throw new Error('no chart');
  return (
    <ComponentFrame component={component} parentId="ROW-1" index={0} depth={2}>
      <textarea data-test="inner" />
    </ComponentFrame>
  );
}

describe('ComponentFrame keyboard resize', () => {
  it('resizes the focused frame by one grid step with Shift+Arrow keys and announces it', () => {
    const log: HarnessLog = { layout: layout(), refusals: [] };
    renderFrame(log);
    const frame = byDataTest('dashboard-component-frame');
    expect(frame.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(frame, { key: 'ArrowRight', shiftKey: true });
    expect(log.layout['CHART-1']?.meta?.width).toBe(5);
    expect(byDataTest('dashboard-resize-status').textContent).toBe(
      'Chart: Chart 1: 5 of 12 columns wide, 50 grid units tall',
    );
    fireEvent.keyDown(frame, { key: 'ArrowDown', shiftKey: true });
    expect(log.layout['CHART-1']?.meta?.height).toBe(51);
  });

  it('refuses to grow into a full row, and ignores keys without Shift or from inside the content', () => {
    const log: HarnessLog = { layout: layout(), refusals: [] };
    renderFrame(log);
    const frame = byDataTest('dashboard-component-frame');
    const inner = byDataTest('inner');
    fireEvent.keyDown(frame, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(frame, { key: 'ArrowRight', shiftKey: true });
    expect(log.refusals).toEqual([NOT_ENOUGH_SPACE]);
    expect(byDataTest('dashboard-resize-status').textContent).toBe(NOT_ENOUGH_SPACE);
    fireEvent.keyDown(frame, { key: 'ArrowLeft' });
    fireEvent.keyDown(inner, { key: 'ArrowLeft', shiftKey: true });
    expect(log.layout['CHART-1']?.meta?.width).toBe(5);
  });
});

describe('ComponentFrame background (spec 001 §3 Layout)', () => {
  it('switches a row between transparent and white', () => {
    const log: HarnessLog = { layout: layout(), refusals: [] };
    const row = layout()['ROW-1'];
    if (row === undefined) throw new Error('no row');
    renderWithStore(
      <EditorHarness initial={log.layout} log={log}>
        <ComponentFrame component={row} parentId="GRID_ID" index={0} depth={1}>
          <span />
        </ComponentFrame>
      </EditorHarness>,
    );
    const toggle = byDataTest('dashboard-component-background');
    expect(toggle.getAttribute('data-background')).toBe('BACKGROUND_TRANSPARENT');
    fireEvent.click(toggle);
    expect(log.layout['ROW-1']?.meta?.background).toBe('BACKGROUND_WHITE');
  });

  it('offers no background switch on a chart', () => {
    renderFrame({ layout: layout(), refusals: [] });
    expect(document.querySelector('[data-test="dashboard-component-background"]')).toBeNull();
  });
});
