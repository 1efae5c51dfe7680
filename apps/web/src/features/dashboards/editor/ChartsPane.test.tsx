import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DashboardLayout } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { byDataTest, jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../../test/dom-test';
import {
  ChartsPane,
  FETCH_CHARTS_ERROR_PREFIX,
  FETCH_CHARTS_FALLBACK_ERROR,
  chartsFetchErrorText,
} from './ChartsPane';
import { EditorHarness, type HarnessLog } from './editor.test-helpers';

setupDomTest();

const layoutWithChart = (): DashboardLayout => ({
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-a'], parents: ['ROOT_ID'] },
  'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-a'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
  'CHART-a': {
    id: 'CHART-a',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'GRID_ID', 'ROW-a'],
    meta: { chartId: 2, width: 4, height: 50 },
  },
});

const chartRow = (id: number, name: string) => ({
  id,
  uuid: `u-${String(id)}`,
  slice_name: name,
  viz_type: 'table',
  datasource_name_text: 'main.birth_names',
  changed_on_delta_humanized: '2 days ago',
});

function renderPane() {
  const log: HarnessLog = { layout: layoutWithChart(), refusals: [] };
  return renderWithStore(
    <EditorHarness initial={log.layout} log={log}>
      <ChartsPane />
    </EditorHarness>,
  );
}

/** The decoded rison `q` of a call. */
function queryOf(url: string): string {
  return decodeURIComponent(new URL(url, 'http://x').searchParams.get('q') ?? '');
}

describe('ChartsPane', () => {
  it('lists charts newest first and marks those on the dashboard', async () => {
    const calls = stubFetch(() =>
      jsonResponse(200, { count: 2, ids: [1, 2], result: [chartRow(1, 'Births'), chartRow(2, 'Names')] }),
    );
    renderPane();
    await waitFor(() => expect(document.querySelectorAll('[data-test="chart-pane-item"]')).toHaveLength(2));
    const [births, names] = Array.from(document.querySelectorAll('[data-test="chart-pane-item"]'));
    expect(births?.getAttribute('data-added')).toBe('false');
    expect(names?.getAttribute('data-added')).toBe('true');
    expect(names?.textContent).toContain('Added');
    const q = queryOf(calls.mock.calls[0]?.[0] ?? '');
    expect(q).toContain('order_column:changed_on');
    expect(q).toContain('order_direction:desc');
    expect(q).toContain('page_size:200');
  });

  it("searches by text and narrows to the user's charts with Mine", async () => {
    const calls = stubFetch(() => jsonResponse(200, { count: 0, ids: [], result: [] }));
    renderPane();
    expect(await screen.findByText('No saved charts yet')).toBeTruthy();
    fireEvent.change(
      byDataTest('chart-pane-search').querySelector('input') ?? byDataTest('chart-pane-search'),
      {
        target: { value: 'birth' },
      },
    );
    await waitFor(() =>
      expect(calls.mock.calls.some(([url]) => queryOf(url).includes('value:birth'))).toBe(true),
    );
    expect(calls.mock.calls.some(([url]) => queryOf(url).includes('opr:chart_all_text'))).toBe(true);
    fireEvent.click(screen.getByText('Mine'));
    await waitFor(() =>
      expect(
        calls.mock.calls.some(([url]) => queryOf(url).includes('(col:owners,opr:rel_m_m,value:1)')),
      ).toBe(true),
    );
    expect(await screen.findByText('No charts match')).toBeTruthy();
  });

  it("shows the fetch error with the server's reason and retries", async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? jsonResponse(500, { message: 'Database is down' })
        : jsonResponse(200, { count: 1, ids: [1], result: [chartRow(1, 'Births')] }),
    );
    renderPane();
    expect(await screen.findByText(`${FETCH_CHARTS_ERROR_PREFIX}Database is down`)).toBeTruthy();
    fail = false;
    fireEvent.click(byDataTest('chart-pane-retry'));
    await waitFor(() => expect(document.querySelectorAll('[data-test="chart-pane-item"]')).toHaveLength(1));
  });

  it('falls back to the generic message without a reason', () => {
    expect(chartsFetchErrorText({ error: '' })).toBe(FETCH_CHARTS_FALLBACK_ERROR);
  });
});
