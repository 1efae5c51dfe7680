import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dashboard } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { selectToasts } from '../../../shared/toasts/toasts-slice';
import {
  bootstrapWith,
  byDataTest,
  jsonResponse,
  renderWithStore,
  setupDomTest,
  stubFetch,
  type FetchHandler,
} from '../../../test/dom-test';
import {
  expectPagedLazyLoad,
  idsOfPage,
  pageAsked,
  pickOption,
  typeSearch,
  type PageAsked,
} from '../../../test/async-select-test';
import { DashboardListPage } from './DashboardListPage';

setupDomTest();

function dashboard(id: number, title: string, extra: Partial<Dashboard> = {}): Dashboard {
  return {
    id,
    uuid: `u-${id}`,
    dashboard_title: title,
    slug: id === 1 ? 'sales' : null,
    url: `/superset/dashboard/${id}/`,
    thumbnail_url: null,
    published: id === 1,
    css: null,
    json_metadata: null,
    position_json: null,
    certified_by: id === 1 ? 'Data team' : null,
    certification_details: null,
    is_managed_externally: false,
    external_url: null,
    owners: [{ id: 1, first_name: 'Ada', last_name: 'Min' }],
    roles: [],
    charts: [],
    tags: [],
    created_by: null,
    changed_by: { id: 1, first_name: 'Ada', last_name: 'Min' },
    changed_by_name: 'Ada Min',
    created_on: '2026-01-01T00:00:00.000Z',
    changed_on: '2026-01-01T00:00:00.000Z',
    changed_on_utc: '2026-01-01T00:00:00.000Z',
    changed_on_delta_humanized: '2 days ago',
    created_on_delta_humanized: '2 days ago',
    ...extra,
  };
}

const ROWS = [dashboard(1, 'Sales'), dashboard(2, 'Births')];
const risonOf = (url: string): string => new URL(url, 'http://localhost').searchParams.get('q') ?? '';
const pathOf = (url: string): string => new URL(url, 'http://localhost').pathname;

/** The page's server; `override` answers first, `starred` holds the favourites as they change. */
type Override = (url: string, init: RequestInit) => Response | undefined;

function server(starred: Set<number>, override?: Override): FetchHandler {
  return (url, init) => {
    const answer = override?.(url, init);
    if (answer !== undefined) return answer;
    const path = pathOf(url);
    if (path === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
    if (path === '/api/v1/dashboard/related/owners')
      return jsonResponse(200, { count: 1, result: [{ value: 1, text: 'Ada Min' }] });
    if (path === '/api/v1/dashboard/favorite_status/')
      return jsonResponse(200, { result: ROWS.map((row) => ({ id: row.id, value: starred.has(row.id) })) });
    const favorite = /^\/api\/v1\/dashboard\/(\d+)\/favorites\/$/.exec(path);
    if (favorite) {
      if (init.method === 'POST') starred.add(Number(favorite[1]));
      else starred.delete(Number(favorite[1]));
      return jsonResponse(200, { result: 'OK' });
    }
    if (init.method === 'DELETE') return jsonResponse(200, { message: 'Deleted 2 dashboards' });
    return jsonResponse(200, { count: ROWS.length, ids: ROWS.map((row) => row.id), result: ROWS });
  };
}

const calls = (fetchMock: { mock: { calls: [string, RequestInit][] } }) => fetchMock.mock.calls;

describe('DashboardListPage', () => {
  it('shows cards with status, certification and links by slug or id, and a table on demand', async () => {
    stubFetch(server(new Set([2])));
    renderWithStore(<DashboardListPage />);
    await waitFor(() => expect(document.querySelectorAll('[data-test="dashboard-card"]')).toHaveLength(2));
    const titles = [...document.querySelectorAll('[data-test="dashboard-card-title"]')];
    expect(titles.map((link) => link.getAttribute('href'))).toEqual([
      '/superset/dashboard/sales/',
      '/superset/dashboard/2/',
    ]);
    expect(
      [...document.querySelectorAll('[data-test="dashboard-status"]')].map((tag) => tag.textContent),
    ).toEqual(['Published', 'Draft']);
    expect(document.querySelectorAll('[data-test="dashboard-certified"]')).toHaveLength(1);
    await waitFor(() => {
      expect(screen.getByLabelText('Unstar Births').getAttribute('aria-pressed')).toBe('true');
    });

    fireEvent.click(byDataTest('dashboard-view-table'));
    await waitFor(() => expect(within(byDataTest('dashboard-table')).getByText('Sales')).toBeTruthy());
    expect(byDataTest('dashboard-add').getAttribute('href')).toBe('/dashboard/new/');
  });

  it('searches by title or slug and filters certified dashboards', async () => {
    const fetchMock = stubFetch(server(new Set()));
    renderWithStore(<DashboardListPage />);
    await waitFor(() => expect(document.querySelectorAll('[data-test="dashboard-card"]')).toHaveLength(2));

    const search = within(byDataTest('dashboard-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'sal' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.mouseDown(within(byDataTest('dashboard-filter-certified')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Certified', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => {
      const asked = calls(fetchMock)
        .filter(([url]) => pathOf(url) === '/api/v1/dashboard/')
        .map(([url]) => risonOf(url));
      expect(
        asked.some(
          (q) =>
            q.includes('(col:dashboard_title,opr:title_or_slug,value:sal)') &&
            q.includes('(col:id,opr:dashboard_is_certified,value:!t)') &&
            q.includes('page:0'),
        ),
      ).toBe(true);
    });
  });

  it('stars and unstars a dashboard, and says so when starring fails', async () => {
    const starred = new Set<number>();
    let failing = false;
    const fetchMock = stubFetch(
      server(starred, (url) =>
        failing && url.includes('/favorites/') ? jsonResponse(500, { message: 'x' }) : undefined,
      ),
    );
    const { store } = renderWithStore(<DashboardListPage />);
    fireEvent.click(await screen.findByLabelText('Star Sales'));
    await waitFor(() =>
      expect(screen.getByLabelText('Unstar Sales').getAttribute('aria-pressed')).toBe('true'),
    );
    fireEvent.click(screen.getByLabelText('Unstar Sales'));
    await waitFor(() =>
      expect(screen.getByLabelText('Star Sales').getAttribute('aria-pressed')).toBe('false'),
    );
    const favoriteCalls = calls(fetchMock)
      .filter(([url]) => url.includes('/api/v1/dashboard/1/favorites/'))
      .map(([, init]) => init.method);
    expect(favoriteCalls).toEqual(['POST', 'DELETE']);

    failing = true;
    fireEvent.click(screen.getByLabelText('Star Sales'));
    await waitFor(() => {
      expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain(
        'There was an issue favoriting this dashboard.',
      );
    });
  });

  it('bulk deletes the selected dashboards in one request after confirmation', async () => {
    const fetchMock = stubFetch(server(new Set()));
    const { store } = renderWithStore(<DashboardListPage />);
    await waitFor(() => expect(document.querySelectorAll('[data-test="dashboard-card"]')).toHaveLength(2));
    for (const box of document.querySelectorAll('[data-test="dashboard-card"] input[type="checkbox"]'))
      fireEvent.click(box);
    await waitFor(() => expect(byDataTest('dashboard-bulk-delete').textContent).toBe('Delete 2 selected'));
    fireEvent.click(byDataTest('dashboard-bulk-delete'));
    expect(await screen.findByText('2 dashboards will be deleted.')).toBeTruthy();
    fireEvent.click(byDataTest('confirm-ok'));
    await waitFor(() => {
      expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain('Deleted 2 dashboards');
    });
    const deletes = calls(fetchMock).filter(([, init]) => init.method === 'DELETE');
    expect(deletes.map(([url]) => [pathOf(url), risonOf(url)])).toEqual([['/api/v1/dashboard/', '!(1,2)']]);
  });

  it('offers a reader export only: no + Dashboard, import, delete or edit', async () => {
    stubFetch(server(new Set()));
    renderWithStore(<DashboardListPage />, bootstrapWith(['reader'], [['can_read', 'Dashboard']]));
    await waitFor(() => expect(document.querySelectorAll('[data-test="dashboard-card"]')).toHaveLength(2));
    expect(document.querySelector('[data-test="dashboard-add"]')).toBeNull();
    expect(document.querySelector('[data-test="dashboard-bulk-delete"]')).toBeNull();
    expect(document.querySelector('[data-test="list-import"]')).toBeNull();
    expect(document.querySelector('[data-test="list-bulk-export"]')).not.toBeNull();
    expect(document.querySelector('[data-test="dashboard-card"] input[type="checkbox"]')).not.toBeNull();
    expect(screen.queryByLabelText('Delete Sales')).toBeNull();
    expect(screen.getByLabelText('Export Sales')).toBeTruthy();
  });
});

describe('DashboardListPage owner filter (spec 001 §9 select rules)', () => {
  it('reads owners 100 at a time, the next page past 70 %, searches on the server and filters by the pick', async () => {
    const asked: PageAsked[] = [];
    const fetchMock = stubFetch(
      server(new Set(), (url) => {
        if (pathOf(url) !== '/api/v1/dashboard/related/owners') return undefined;
        const request = pageAsked(url);
        asked.push(request);
        if (request.q.includes('filter:ada'))
          return jsonResponse(200, { count: 1, result: [{ value: 7, text: 'Ada Min' }] });
        const result = idsOfPage(request, 150).map((id) => ({ value: id, text: `User ${String(id)}` }));
        return jsonResponse(200, { count: 150, result });
      }),
    );
    renderWithStore(<DashboardListPage />);
    await expectPagedLazyLoad('dashboard-filter-owner', asked);
    typeSearch('dashboard-filter-owner', 'ada');
    await pickOption('dashboard-filter-owner', 'Ada Min');
    await waitFor(() =>
      expect(
        calls(fetchMock).some(
          ([url]) =>
            pathOf(url) === '/api/v1/dashboard/' && risonOf(url).includes('(col:owners,opr:rel_m_m,value:7)'),
        ),
      ).toBe(true),
    );
  });
});
