import { act, fireEvent, screen } from '@testing-library/react';
import type { DashboardLayout } from '@tessera/contracts';
import { validateDashboardLayout } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { byDataTest, renderWithStore, setupDomTest } from '../../../test/dom-test';
import { ComponentPalette } from './ComponentPalette';
import { ContainerDropZone } from './ContainerDropZone';
import { EditorHarness, type HarnessLog } from './editor.test-helpers';

setupDomTest();

const emptyLayout = (): DashboardLayout => ({
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'] },
});

function rectAt(left: number, top: number, width: number, height: number): DOMRect {
  return {
    left,
    top,
    width,
    height,
    right: left + width,
    bottom: top + height,
    x: left,
    y: top,
    toJSON: () => ({}),
  };
}

function renderEditor(log: HarnessLog) {
  return renderWithStore(
    <EditorHarness initial={log.layout} log={log}>
      <ComponentPalette />
      <GridZone />
    </EditorHarness>,
  );
}

/** The grid's end zone, drawn large so the keyboard-dragged item's centre lands in it. */
function GridZone() {
  return (
    <ContainerDropZone
      container={{ id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'] }}
      depth={1}
    />
  );
}

describe('ComponentPalette', () => {
  it('lists every layout element as a draggable item', () => {
    const log: HarnessLog = { layout: emptyLayout(), refusals: [] };
    renderEditor(log);
    for (const type of ['tabs', 'row', 'column', 'header', 'markdown', 'divider']) {
      expect(byDataTest(`new-component-${type}`).getAttribute('role')).toBe('button');
    }
  });

  it('starts a drag from the keyboard, shows the overlay, and drops a divider into the grid', async () => {
    const log: HarnessLog = { layout: emptyLayout(), refusals: [] };
    renderEditor(log);
    const zone = byDataTest('dashboard-drop-zone');
    zone.getBoundingClientRect = () => rectAt(0, 0, 1000, 1000);
    const item = byDataTest('new-component-divider');
    item.getBoundingClientRect = () => rectAt(100, 100, 120, 40);
    item.focus();
    await act(async () => {
      fireEvent.keyDown(item, { code: 'Space', key: ' ' });
      await Promise.resolve();
    });
    expect(
      await screen.findByText('Divider', { selector: '[data-test="dashboard-drag-overlay"]' }),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(item, { code: 'ArrowDown', key: 'ArrowDown' });
      await Promise.resolve();
    });
    await act(async () => {
      fireEvent.keyDown(item, { code: 'Space', key: ' ' });
      await Promise.resolve();
    });
    const gridChildren = log.layout.GRID_ID?.children ?? [];
    expect(gridChildren).toHaveLength(1);
    expect(log.layout[gridChildren[0] ?? '']?.type).toBe('DIVIDER');
    expect(validateDashboardLayout(log.layout).ok).toBe(true);
    expect(log.refusals).toEqual([]);
  });
});
