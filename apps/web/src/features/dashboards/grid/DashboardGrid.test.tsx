import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DashboardLayout } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, setupDomTest } from '../../../test/dom-test';
import { layoutLoaded } from '../state/dashboard-layout.slice';
import { DashboardGrid } from './DashboardGrid';
import { LayoutEditContext, type LayoutEditSeam } from './layout-edit-context';
import { selectDashboardState } from '../state/dashboard-store';
import { DashboardViewContext, DEFAULT_DASHBOARD_VIEW } from './dashboard-view-context';

setupDomTest();

const layout: DashboardLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['HEADER-h', 'TABS-t', 'DIVIDER-d', 'CHART-loose'] },
  'HEADER-h': {
    id: 'HEADER-h',
    type: 'HEADER',
    children: [],
    meta: { text: 'Sales', headerSize: 'LARGE_HEADER' },
  },
  'TABS-t': { id: 'TABS-t', type: 'TABS', children: ['TAB-1', 'TAB-2'] },
  'TAB-1': { id: 'TAB-1', type: 'TAB', children: ['ROW-r'], meta: { text: 'First' } },
  'TAB-2': { id: 'TAB-2', type: 'TAB', children: ['MARKDOWN-m'], meta: { text: 'Second' } },
  'ROW-r': { id: 'ROW-r', type: 'ROW', children: ['CHART-a', 'COLUMN-c'] },
  'COLUMN-c': { id: 'COLUMN-c', type: 'COLUMN', children: ['CHART-b'], meta: { width: 6 } },
  'CHART-a': { id: 'CHART-a', type: 'CHART', children: [], meta: { chartId: 1, width: 4, height: 30 } },
  'CHART-b': { id: 'CHART-b', type: 'CHART', children: [], meta: { chartId: 2, width: 6, height: 20 } },
  'CHART-loose': {
    id: 'CHART-loose',
    type: 'CHART',
    children: [],
    meta: { chartId: 3, width: 3, height: 10 },
  },
  'MARKDOWN-m': {
    id: 'MARKDOWN-m',
    type: 'MARKDOWN',
    children: [],
    meta: { width: 4, height: 10, code: '**hi** <script>alert(1)</script>' },
  },
  'DIVIDER-d': { id: 'DIVIDER-d', type: 'DIVIDER', children: [] },
};

function renderGrid(ui: ReactNode = <DashboardGrid />) {
  const view = renderWithStore(<>{ui}</>);
  act(() => {
    view.store.dispatch(layoutLoaded(layout));
  });
  return view;
}

const byTest = (container: HTMLElement, name: string) => [
  ...container.querySelectorAll(`[data-test="${name}"]`),
];

describe('DashboardGrid (view mode)', () => {
  it('draws headers, dividers, tabs, rows, columns and charts with their sizes', () => {
    const { container } = renderGrid();
    const header = byTest(container, 'grid-header')[0];
    expect(header?.getAttribute('data-header-size')).toBe('LARGE_HEADER');
    expect(header?.querySelector('h2')?.textContent).toBe('Sales');
    expect(byTest(container, 'grid-divider')).toHaveLength(1);
    expect(screen.getByText('First')).toBeTruthy();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(byTest(container, 'grid-row')).toHaveLength(1);
    expect(byTest(container, 'grid-column')).toHaveLength(1);
    const charts = byTest(container, 'dashboard-chart') as HTMLElement[];
    expect(charts.map((chart) => chart.getAttribute('data-test-chart-id'))).toEqual(['1', '2', '3']);
    // height = meta.height × GRID_BASE_UNIT
    expect(charts[0]?.style.height).toBe('240px');
    expect(charts[1]?.style.height).toBe('160px');
    // a chart straight in GRID sits in a row of its own, as wide as its columns
    const slot = charts[2]?.parentElement;
    // three of twelve columns: a quarter of the row less its gutters, plus the two gutters it spans
    expect(slot?.style.width).toBe('calc(32px + 0.25 * (100% - 176px))');
    expect(slot?.parentElement?.style.display).toBe('flex');
  });

  it('switches tabs through dashboardState and renders the other tab’s markdown, sanitised', async () => {
    const { container, store } = renderGrid();
    expect(byTest(container, 'dashboard-markdown')).toHaveLength(0);
    fireEvent.click(screen.getByText('Second'));
    expect(selectDashboardState(store.getState()).activeTabs).toEqual({ 'TABS-t': 'TAB-2' });
    const markdown = byTest(container, 'dashboard-markdown')[0];
    // The markdown renderer's code loads with the first block.
    await waitFor(() => {
      expect(markdown?.querySelector('strong')?.textContent).toBe('hi');
    });
    expect(markdown?.innerHTML).not.toContain('script');
    expect((markdown as HTMLElement | undefined)?.style.height).toBe('80px');
  });

  it('draws only the print_tabs tabs, in the order listed, each under its title', () => {
    const { container } = renderGrid(
      <DashboardViewContext.Provider
        value={{ ...DEFAULT_DASHBOARD_VIEW, printTabs: ['TAB-2', 'CHART-a', 'TAB-missing', 'TAB-1'] }}
      >
        <DashboardGrid />
      </DashboardViewContext.Provider>,
    );
    const sections = byTest(container, 'dashboard-export-tab');
    expect(sections.map((section) => section.getAttribute('data-tab-id'))).toEqual(['TAB-2', 'TAB-1']);
    expect(sections.map((section) => section.querySelector('h4')?.textContent)).toEqual(['Second', 'First']);
    // Nothing outside the selected tabs: no header, divider or loose chart, no interactive tab strip.
    expect(byTest(container, 'grid-header')).toHaveLength(0);
    expect(byTest(container, 'grid-divider')).toHaveLength(0);
    expect(byTest(container, 'dashboard-tabs')).toHaveLength(0);
    const charts = byTest(container, 'dashboard-chart');
    expect(charts.map((chart) => chart.getAttribute('data-test-chart-id'))).toEqual(['1', '2']);
    expect(byTest(container, 'dashboard-markdown')).toHaveLength(1);
  });
});

describe('DashboardGrid (edit seam)', () => {
  const seam: LayoutEditSeam = {
    ComponentFrame: ({ component, depth, children }) => (
      <div data-test="frame" data-frame-id={component.id} data-depth={depth}>
        {children}
      </div>
    ),
    ContainerDropZone: ({ container }) => <div data-test="drop-zone" data-container={container.id} />,
    EditableText: ({ text }) => <span data-test="editable-text">{text}</span>,
    MarkdownEditor: ({ code }) => <textarea data-test="markdown-editor" defaultValue={code} />,
    AddTabButton: ({ tabsId, topLevel }) => (
      <button data-test="add-tab" data-tabs={tabsId} data-top-level={String(topLevel ?? false)} />
    ),
    RootDropZone: () => <div data-test="root-drop-zone" />,
  };

  it('frames every component below GRID with core depths and adds the editor pieces', () => {
    const { container } = renderGrid(
      <LayoutEditContext.Provider value={seam}>
        <DashboardGrid />
      </LayoutEditContext.Provider>,
    );
    const frames = byTest(container, 'frame').map((frame) => [
      frame.getAttribute('data-frame-id'),
      frame.getAttribute('data-depth'),
    ]);
    expect(frames).toEqual(
      expect.arrayContaining([
        ['HEADER-h', '2'],
        ['TABS-t', '2'],
        ['ROW-r', '2'],
        ['CHART-a', '3'],
        ['COLUMN-c', '3'],
        ['CHART-b', '4'],
      ]),
    );
    expect(frames.some(([id]) => id === 'GRID_ID')).toBe(false);
    const zones = byTest(container, 'drop-zone').map((zone) => zone.getAttribute('data-container'));
    expect(zones).toEqual(expect.arrayContaining(['GRID_ID', 'TAB-1', 'ROW-r', 'COLUMN-c']));
    expect(byTest(container, 'editable-text').map((node) => node.textContent)).toEqual(
      expect.arrayContaining(['Sales', 'First', 'Second']),
    );
    expect(byTest(container, 'add-tab')[0]?.getAttribute('data-tabs')).toBe('TABS-t');
    // Nested tabs: no delete-the-tabs button beside 'add tab' (only the top-level tabs get one).
    expect(byTest(container, 'add-tab')[0]?.getAttribute('data-top-level')).toBe('false');
    expect(byTest(container, 'root-drop-zone')).toHaveLength(1);
  });

  it("lets an inactive tab's title switch tabs; only the active tab's title edits on click", () => {
    const titles: LayoutEditSeam = {
      ...seam,
      EditableText: ({ text, editOnClick }) => (
        <span data-test="editable-text" data-edit-on-click={String(editOnClick ?? true)}>
          {text}
        </span>
      ),
    };
    const { container, store } = renderGrid(
      <LayoutEditContext.Provider value={titles}>
        <DashboardGrid />
      </LayoutEditContext.Provider>,
    );
    const editable = () =>
      Object.fromEntries(
        byTest(container, 'editable-text').map((node) => [
          node.textContent,
          node.getAttribute('data-edit-on-click'),
        ]),
      );
    expect(editable()).toMatchObject({ First: 'true', Second: 'false' });
    fireEvent.click(screen.getByText('Second'));
    expect(selectDashboardState(store.getState()).activeTabs['TABS-t']).toBe('TAB-2');
    expect(editable()).toMatchObject({ First: 'false', Second: 'true' });
  });
});
