import type { DrillFilter } from '@tessera/charts';
import type { QueryContext } from '@tessera/contracts';
import type { ExploreFormData } from '@tessera/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  GAMMA_PERMISSIONS,
  byDataTest,
  bootstrapWith,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../../test/dom-test';
import { birthNames } from '../../explore/state/test-fixtures';
import { ChartContextMenu } from './ChartContextMenu';
import { DrillableChart } from './DrillableChart';
import { DRILL_COUNT_LABEL } from './drill-query';

setupDomTest();

const findTest = (id: string) => waitFor(() => byDataTest(id));
const queryTest = (id: string) => document.querySelector(`[data-test="${id}"]`);

const formData: ExploreFormData = {
  viz_type: 'table',
  datasource: '3__table',
  query_mode: 'aggregate',
  groupby: ['state'],
  metrics: ['count'],
  adhoc_filters: [],
};
const queryContextOf = (form: ExploreFormData): QueryContext => ({
  datasource: { id: 3, type: 'table' },
  queries: [{ columns: ['state'], metrics: ['count'], filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }],
  form_data: form,
  result_type: 'full',
  result_format: 'json',
});
const drill = { chartName: 'States', datasource: birthNames, queryContextOf };

/** jsdom lays nothing out: the chart's container reports a size as a browser would. */
function sizedLayout(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element): void {
        const entry = { target, contentRect: { width: 600, height: 300 } } as unknown as ResizeObserverEntry;
        queueMicrotask(() => {
          this.callback([entry], this);
        });
      }
      unobserve(): void {
        // Sizes never change in these tests.
      }
      disconnect(): void {
        // See unobserve().
      }
    },
  );
}

interface Answer {
  rows: Record<string, unknown>[];
  total: number;
  error?: { status: number; body: unknown };
}

/** Answers drill_detail pages and the count query; records the query contexts sent. */
function stubChartData(answer: Answer) {
  const sent: QueryContext[] = [];
  stubFetch((url, init) => {
    if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token-1' });
    if (!url.includes('/api/v1/chart/data')) return jsonResponse(404, { message: 'Not found' });
    const body = sentJson(init) as QueryContext;
    sent.push(body);
    if (answer.error) return jsonResponse(answer.error.status, answer.error.body);
    if (body.result_type === 'drill_detail')
      return jsonResponse(200, {
        result: [
          {
            data: answer.rows,
            colnames: ['ds', 'state', 'name'],
            coltypes: [2, 1, 1],
            rowcount: answer.rows.length,
          },
        ],
      });
    return jsonResponse(200, {
      result: [{ data: [{ [DRILL_COUNT_LABEL]: answer.total }], colnames: [DRILL_COUNT_LABEL], rowcount: 1 }],
    });
  });
  return sent;
}

function renderChart(bootstrap = undefined as Parameters<typeof renderWithStore>[1]) {
  sizedLayout();
  return renderWithStore(
    <div style={{ height: 300 }}>
      <DrillableChart
        chartId={11}
        drill={drill}
        queryFormData={formData}
        formData={{ ...formData, viz_type: 'table', datasource: '3__table' }}
        queriesData={[
          {
            data: [
              { state: 'AK', count: 2 },
              { state: 'CA', count: 9 },
            ],
            colnames: ['state', 'count'],
            coltypes: [1, 0],
            rowcount: 2,
          },
        ]}
        datasource={birthNames}
      />
    </div>,
    bootstrap,
  );
}

async function rightClickCell(text: string): Promise<boolean> {
  const cell = await screen.findByText(text, { selector: 'td' });
  return fireEvent.contextMenu(cell);
}

describe('the chart context menu', () => {
  it('offers drill to detail by a table cell and lists only that value’s rows', async () => {
    const sent = stubChartData({
      rows: [{ ds: -157766400000, state: 'AK', name: 'Mark' }],
      total: 1,
    });
    renderChart();
    expect(await rightClickCell('AK')).toBe(false);
    const menu = await findTest('chart-context-menu');
    expect(menu.textContent).toContain('Drill to detail');
    expect(menu.textContent).toContain('Drill by');
    fireEvent.click(await screen.findByText('Drill to detail by AK'));

    expect(await screen.findByText('Drill to detail: States')).toBeTruthy();
    expect((await findTest('drill-detail-filter-tag')).textContent).toBe('state = AK');
    expect(await screen.findByText('Mark')).toBeTruthy();
    expect(screen.getByText('1965-01-01')).toBeTruthy();
    expect(await screen.findByText('1 rows')).toBeTruthy();
    const detail = sent.find((context) => context.result_type === 'drill_detail');
    expect(detail?.queries[0]?.filters).toEqual([
      { col: 'gender', op: 'IN', val: ['boy'] },
      { col: 'state', op: '==', val: 'AK' },
    ]);
    expect(detail?.queries[0]).toMatchObject({ row_limit: 50, row_offset: 0 });

    // Removing the tag asks again with the chart's own filters only.
    const before = sent.length;
    const tag = byDataTest('drill-detail-filter-tag');
    const close = tag.querySelector('.anticon-close');
    if (close === null) throw new Error('the tag is closable');
    fireEvent.click(close);
    await waitFor(() => {
      expect(sent.length).toBeGreaterThan(before);
    });
    const widened = sent.slice(before).find((context) => context.result_type === 'drill_detail');
    expect(widened?.queries[0]?.filters).toEqual([{ col: 'gender', op: 'IN', val: ['boy'] }]);
    expect(queryTest('drill-detail-filter-tag')).toBeNull();
  });

  it('opens on a right click beside the data with drill to detail of the whole chart', async () => {
    stubChartData({ rows: [], total: 0 });
    const view = renderChart();
    await screen.findByText('AK', { selector: 'td' });
    const wrapper = view.container.querySelector('[data-test="drillable-chart"]');
    if (wrapper === null) throw new Error('the chart is wrapped');
    fireEvent.contextMenu(wrapper);
    const menu = await findTest('chart-context-menu');
    expect(menu.textContent).not.toContain('Drill to detail by');
    fireEvent.click(screen.getByText('Drill to detail'));
    expect(await findTest('drill-detail-empty')).toBeTruthy();
    expect(screen.getByText('No rows were returned for this dataset')).toBeTruthy();
  });

  it('shows the server’s error in the documented error display', async () => {
    stubChartData({
      rows: [],
      total: 0,
      error: {
        status: 400,
        body: {
          errors: [
            {
              message: 'Column "nope" does not exist',
              error_type: 'GENERIC_DB_ENGINE_ERROR',
              level: 'error',
              extra: {},
            },
          ],
          message: 'Column "nope" does not exist',
        },
      },
    });
    renderChart();
    await rightClickCell('CA');
    fireEvent.click(await screen.findByText('Drill to detail by CA'));
    const error = await findTest('drill-detail-error');
    expect(error.textContent).toContain('Column "nope" does not exist');
  });

  it('leaves the browser menu alone for a user who may not drill', async () => {
    stubChartData({ rows: [], total: 0 });
    renderChart(
      bootstrapWith(
        ['Gamma'],
        GAMMA_PERMISSIONS.filter(([, view]) => view !== 'Dataset'),
      ),
    );
    expect(await rightClickCell('AK')).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(queryTest('chart-context-menu')).toBeNull();
  });
});

describe('the drill by list', () => {
  const columns = Array.from({ length: 12 }, (_, index) => ({
    name: `col_${String(index)}`,
    label: `Column ${String(index)}`,
  }));
  const point: DrillFilter[] = [{ col: 'state', op: '==', val: 'AK', formattedVal: 'AK' }];

  it('searches many columns and drills by the one picked, with the clicked point', async () => {
    const onChoose = vi.fn();
    renderWithStore(
      <ChartContextMenu
        x={10}
        y={10}
        filters={point}
        abilities={{ drillToDetail: false, drillBy: true }}
        columns={columns}
        onChoose={onChoose}
        onClose={() => undefined}
      />,
    );
    const menu = await findTest('chart-context-menu');
    expect(menu.textContent).not.toContain('Drill to detail');
    fireEvent.mouseEnter(screen.getByText('Drill by'));
    const search = await screen.findByPlaceholderText('Search columns');
    fireEvent.change(search, { target: { value: 'column 11' } });
    await waitFor(() => {
      expect(screen.queryByText('Column 1')).toBeNull();
    });
    fireEvent.click(screen.getByText('Column 11'));
    expect(onChoose).toHaveBeenCalledWith({ kind: 'drillBy', column: columns[11], filters: point });
  });
});
