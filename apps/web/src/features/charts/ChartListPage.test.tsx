import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Chart } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { selectToasts } from '../../shared/toasts/toasts-slice';
import {
  GAMMA_PERMISSIONS,
  bootstrapWith,
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
  type FetchHandler,
} from '../../test/dom-test';
import {
  expectPagedLazyLoad,
  idsOfPage,
  pageAsked,
  pickOption,
  typeSearch,
  type PageAsked,
} from '../../test/async-select-test';
import { datasetRow } from '../../test/dataset-rows';
import { ChartListPage } from './ChartListPage';
import { NO_CHARTS_NO_DATASET_ACCESS } from './dataset-access';

setupDomTest();

function chart(id: number, name: string, vizType: string, ownerId = 1): Chart {
  return {
    id,
    uuid: `u-${id}`,
    slice_name: name,
    description: id === 1 ? 'Yearly births' : null,
    description_markeddown: '',
    viz_type: vizType,
    datasource_id: 4,
    datasource_type: 'table',
    tags: [],
    datasource_name_text: 'main.birth_names',
    datasource_url: '/explore/?datasource_type=table&datasource_id=4',
    params: '{}',
    query_context: null,
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    is_managed_externally: false,
    external_url: null,
    url: `/explore/?slice_id=${id}`,
    slice_url: `/explore/?slice_id=${id}`,
    thumbnail_url: null,
    owners: [{ id: ownerId, first_name: 'Ada', last_name: 'Min' }],
    dashboards: [],
    created_by: null,
    changed_by: null,
    changed_by_name: '',
    last_saved_by: null,
    last_saved_at: null,
    created_on: '2026-01-01T00:00:00.000Z',
    changed_on: '2026-01-01T00:00:00.000Z',
    changed_on_utc: '2026-01-01T00:00:00.000Z',
    changed_on_delta_humanized: '2 days ago',
    created_on_delta_humanized: '2 days ago',
  };
}

const ROWS = [chart(1, 'Births by year', 'line'), chart(2, 'Genders', 'pie')];
const listBody = (rows: Chart[]) => ({ count: rows.length, ids: rows.map((row) => row.id), result: rows });
const risonOf = (url: string): string => new URL(url, 'http://localhost').searchParams.get('q') ?? '';
const pathOf = (url: string): string => new URL(url, 'http://localhost').pathname;

/** The server of the page: lists, filter options and star state; `override` answers first. */
function server(override?: FetchHandler, starred: number[] = []): FetchHandler {
  return (url, init) => {
    const answer = override?.(url, init);
    if (answer !== undefined) return answer;
    const path = pathOf(url);
    if (path === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
    if (path === '/api/v1/chart/distinct/viz_type')
      return jsonResponse(200, {
        count: 2,
        result: [
          { text: 'line', value: 'line' },
          { text: 'pie', value: 'pie' },
        ],
      });
    if (path === '/api/v1/chart/related/owners')
      return jsonResponse(200, { count: 1, result: [{ value: 1, text: 'Ada Min' }] });
    if (path === '/api/v1/dataset/') return jsonResponse(200, { count: 0, ids: [], result: [] });
    if (path === '/api/v1/chart/favorite_status/')
      return jsonResponse(200, {
        result: ROWS.map((row) => ({ id: row.id, value: starred.includes(row.id) })),
      });
    return jsonResponse(200, listBody(ROWS));
  };
}

const answer = (handler: (url: string, init: RequestInit) => Response | undefined): FetchHandler =>
  handler as FetchHandler;

describe('ChartListPage', () => {
  it('lists charts with links to Explore, their type, dataset and owners', async () => {
    stubFetch(server(undefined, [2]));
    renderWithStore(<ChartListPage />);

    const link = await screen.findByText('Births by year');
    expect(link.getAttribute('href')).toBe('/explore/?slice_id=1');
    expect(screen.getByText('Yearly births')).toBeTruthy();
    expect(screen.getAllByText('main.birth_names')).toHaveLength(2);
    expect(screen.getAllByText('Ada Min')).toHaveLength(2);
    await waitFor(() => {
      expect(screen.getByLabelText('Unstar Genders').getAttribute('aria-pressed')).toBe('true');
    });
    expect(screen.getByLabelText('Star Births by year').getAttribute('aria-pressed')).toBe('false');
  });

  it('searches with chart_all_text and filters by favorites', async () => {
    const fetchMock = stubFetch(
      server(
        answer((url) =>
          pathOf(url) === '/api/v1/chart/' && risonOf(url).includes('chart_is_favorite')
            ? jsonResponse(200, listBody([]))
            : undefined,
        ),
      ),
    );
    renderWithStore(<ChartListPage />);
    await screen.findByText('Births by year');

    const search = within(byDataTest('chart-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'births' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const searched = fetchMock.mock.calls.map(([url]) => risonOf(url));
      expect(searched.some((q) => q.includes('(col:slice_name,opr:chart_all_text,value:births)'))).toBe(true);
    });

    fireEvent.mouseDown(within(byDataTest('chart-filter-favorite')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Favorites'));
    expect(await screen.findByText('No charts match your filters')).toBeTruthy();
    const favoriteQuery = fetchMock.mock.calls
      .map(([url]) => risonOf(url))
      .find((q) => q.includes('chart_is_favorite'));
    expect(favoriteQuery).toContain('(col:id,opr:chart_is_favorite,value:!t)');
  });

  it('stars a chart and reports a failure in the spec words', async () => {
    const fetchMock = stubFetch(
      server(
        answer((url, init) =>
          url.includes('/favorites/')
            ? jsonResponse(init.method === 'POST' ? 500 : 200, { message: 'x' })
            : undefined,
        ),
      ),
    );
    const { store } = renderWithStore(<ChartListPage />);
    fireEvent.click(await screen.findByLabelText('Star Births by year'));
    await waitFor(() => {
      expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain(
        'An error occurred while starring this chart',
      );
    });
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url.includes('/api/v1/chart/1/favorites/') && init.method === 'POST',
      ),
    ).toBe(true);
  });

  it('bulk deletes the selected charts after confirmation', async () => {
    const fetchMock = stubFetch(
      server(
        answer((_url, init) =>
          init.method === 'DELETE' ? jsonResponse(200, { message: 'Deleted 2 charts' }) : undefined,
        ),
      ),
    );
    const { store } = renderWithStore(<ChartListPage />);
    await screen.findByText('Births by year');

    const boxes = within(byDataTest('chart-table')).getAllByRole('checkbox');
    fireEvent.click(boxes[0] ?? document.body);
    await waitFor(() => {
      expect(byDataTest('chart-bulk-delete').textContent).toBe('Delete 2 selected');
    });
    fireEvent.click(byDataTest('chart-bulk-delete'));
    expect(await screen.findByText('2 charts will be deleted.')).toBeTruthy();
    fireEvent.click(byDataTest('confirm-ok'));
    await waitFor(() => {
      expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain('Deleted 2 charts');
    });
    const deleteCall = fetchMock.mock.calls.find(([, init]) => init.method === 'DELETE');
    expect(risonOf(deleteCall?.[0] ?? '')).toBe('!(1,2)');
  });

  it('edits the properties of a chart', async () => {
    const fetchMock = stubFetch(
      server(
        answer((_url, init) =>
          init.method === 'PUT'
            ? jsonResponse(200, {
                id: 1,
                result: {
                  slice_name: 'Renamed',
                  viz_type: 'line',
                  datasource_id: 4,
                  datasource_type: 'table',
                  description: null,
                  params: '{}',
                  query_context: null,
                  cache_timeout: 30,
                  owners: [1],
                  dashboards: [],
                  certified_by: null,
                  certification_details: null,
                },
              })
            : undefined,
        ),
      ),
    );
    const { store } = renderWithStore(<ChartListPage />);
    fireEvent.click(await screen.findByLabelText('Edit Births by year'));

    const name = within(byDataTest('chart-properties-modal')).getByDisplayValue('Births by year');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(byDataTest('chart-properties-save'));
    expect(await screen.findByText('A name is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(false);

    fireEvent.change(name, { target: { value: 'Renamed' } });
    const timeout = within(byDataTest('chart-properties-modal')).getByRole('spinbutton');
    fireEvent.change(timeout, { target: { value: '30' } });
    fireEvent.click(byDataTest('chart-properties-save'));
    await waitFor(() => {
      expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain(
        'Chart [Renamed] has been saved',
      );
    });
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/chart/1');
    expect(sentJson(put?.[1])).toEqual({
      slice_name: 'Renamed',
      description: 'Yearly births',
      owners: [1],
      cache_timeout: 30,
    });
  });

  it('offers edit and delete only on charts the user owns', async () => {
    stubFetch(
      server(
        answer((url) =>
          pathOf(url) === '/api/v1/chart/'
            ? jsonResponse(200, listBody([chart(1, 'Mine', 'line', 9), chart(2, 'Theirs', 'pie', 3)]))
            : undefined,
        ),
      ),
    );
    renderWithStore(<ChartListPage />, bootstrapWith(['Gamma'], GAMMA_PERMISSIONS));
    await screen.findByText('Theirs');
    expect(screen.getByLabelText('Edit Mine')).toBeTruthy();
    expect(screen.queryByLabelText('Edit Theirs')).toBeNull();
    expect(screen.queryByLabelText('Delete Theirs')).toBeNull();
  });

  it('offers a user who cannot write charts export only: no + Chart, import, delete or edit', async () => {
    stubFetch(
      server(
        answer((url) =>
          pathOf(url) === '/api/v1/chart/'
            ? jsonResponse(200, listBody([chart(1, 'Mine', 'line', 9)]))
            : undefined,
        ),
      ),
    );
    renderWithStore(<ChartListPage />, bootstrapWith(['reader'], [['can_read', 'Chart']]));
    await screen.findByText('Mine');
    for (const action of ['chart-add', 'chart-bulk-delete', 'chart-edit', 'chart-delete']) {
      expect(document.querySelector(`[data-test="${action}"]`)).toBeNull();
    }
    expect(document.querySelector('[data-test="list-import"]')).toBeNull();
    // Exporting needs only read access: rows select for the bulk export and each row exports itself.
    expect(document.querySelector('[data-test="list-bulk-export"]')).not.toBeNull();
    expect(screen.getByLabelText('Export Mine')).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    stubFetch(
      server(
        answer((url) =>
          pathOf(url) === '/api/v1/chart/' ? jsonResponse(500, { message: 'Boom' }) : undefined,
        ),
      ),
    );
    renderWithStore(<ChartListPage />);
    expect(await screen.findByText('Sorry there was an error fetching saved charts')).toBeTruthy();
    expect(screen.getByText('Retry')).toBeTruthy();
    expect(screen.queryByText('No charts yet')).toBeNull();
  });

  it('names chart types from the plugin registry, lists dashboards and links + Chart', async () => {
    const withDashboard = {
      ...chart(2, 'Genders', 'pie'),
      dashboards: [{ id: 5, dashboard_title: 'Births' }],
    };
    stubFetch(
      server(
        answer((url) =>
          pathOf(url) === '/api/v1/chart/'
            ? jsonResponse(200, listBody([ROWS[0] ?? chart(1, 'x', 'line'), withDashboard]))
            : undefined,
        ),
      ),
    );
    renderWithStore(<ChartListPage />);
    await screen.findByText('Births by year');
    const types = document.querySelectorAll('[data-test="chart-type"]');
    // 'line' is Superset's legacy line chart: it opens as (and is named after) the ECharts line chart.
    expect([...types].map((cell) => cell.textContent)).toEqual(['Line Chart', 'Pie Chart']);
    expect(document.querySelector('[data-test="chart-type-unsupported"]')).toBeNull();
    expect(screen.getByText('Births', { selector: '[data-test="chart-dashboards"]' })).toBeTruthy();
    expect(byDataTest('chart-add').getAttribute('href')).toBe('/chart/add/');
  });

  it('switches to cards with name, type, owners and modified time', async () => {
    stubFetch(server());
    renderWithStore(<ChartListPage />);
    await screen.findByText('Births by year');
    expect(document.querySelector('[data-test="chart-cards"]')).toBeNull();
    fireEvent.click(byDataTest('chart-view-card'));
    const cards = await waitFor(() => {
      const found = document.querySelectorAll('[data-test="chart-card"]');
      expect(found).toHaveLength(2);
      return [...found];
    });
    const second = cards[1];
    if (!(second instanceof HTMLElement)) throw new Error('no second card');
    expect(within(second).getByText('Genders').getAttribute('href')).toBe('/explore/?slice_id=2');
    expect(within(second).getByText('Pie Chart')).toBeTruthy();
    expect(within(second).getByText('Ada Min')).toBeTruthy();
    expect(within(second).getByText('Modified 2 days ago')).toBeTruthy();
    expect(document.querySelector('[data-test="chart-table"]')).toBeNull();
  });

  it("tells a Gamma user with no dataset access what to ask for on an empty list; an admin sees 'No charts yet'", async () => {
    const empty = answer((url) =>
      pathOf(url) === '/api/v1/chart/' ? jsonResponse(200, listBody([])) : undefined,
    );
    stubFetch(server(empty));
    const gamma = renderWithStore(<ChartListPage />, bootstrapWith(['Gamma'], GAMMA_PERMISSIONS));
    expect(await screen.findByText(NO_CHARTS_NO_DATASET_ACCESS)).toBeTruthy();
    gamma.unmount();
    stubFetch(server(empty));
    renderWithStore(<ChartListPage />);
    expect(await screen.findByText('No charts yet')).toBeTruthy();
  });
});

describe('ChartListPage filters over server choices (spec 001 §9 select rules)', () => {
  it('reads owners 100 at a time, the next page past 70 %, and filters the list by the picked one', async () => {
    const asked: PageAsked[] = [];
    const fetchMock = stubFetch(
      server(
        answer((url) => {
          if (pathOf(url) !== '/api/v1/chart/related/owners') return undefined;
          const request = pageAsked(url);
          asked.push(request);
          if (request.q.includes('filter:ada'))
            return jsonResponse(200, { count: 1, result: [{ value: 7, text: 'Ada Min' }] });
          const result = idsOfPage(request, 150).map((id) => ({ value: id, text: `User ${String(id)}` }));
          return jsonResponse(200, { count: 150, result });
        }),
      ),
    );
    renderWithStore(<ChartListPage />);
    await expectPagedLazyLoad('chart-filter-owner', asked);
    typeSearch('chart-filter-owner', 'ada');
    await pickOption('chart-filter-owner', 'Ada Min');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) =>
            pathOf(url) === '/api/v1/chart/' && risonOf(url).includes('(col:owners,opr:rel_m_m,value:7)'),
        ),
      ).toBe(true),
    );
  });

  it('reads datasets 100 at a time with the search sent to the server', async () => {
    const asked: PageAsked[] = [];
    stubFetch(
      server(
        answer((url) => {
          if (pathOf(url) !== '/api/v1/dataset/') return undefined;
          const request = pageAsked(url);
          if (request.pageSize !== 1) asked.push(request);
          const rows = idsOfPage(request, 150).map((id) =>
            datasetRow(id, `ds_${String(id).padStart(3, '0')}`),
          );
          return jsonResponse(200, { count: 150, ids: rows.map((row) => row.id), result: rows });
        }),
      ),
    );
    renderWithStore(<ChartListPage />);
    await expectPagedLazyLoad('chart-filter-dataset', asked);
    typeSearch('chart-filter-dataset', 'ds_01');
    await waitFor(() =>
      expect(asked.some((request) => request.q.includes('(col:table_name,opr:ct,value:ds_01)'))).toBe(true),
    );
  });
});
