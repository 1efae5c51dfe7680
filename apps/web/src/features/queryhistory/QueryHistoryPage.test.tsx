import type { QueryListItem } from '@tessera/contracts';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bootstrapWith,
  byDataTest,
  jsonResponse,
  renderWithStore,
  setupDomTest,
  stubFetch,
  TEST_BOOTSTRAP,
} from '../../test/dom-test';
import { database, sqlLabServer } from '../sqllab/test/fake-server';
import {
  expectPagedLazyLoad,
  idsOfPage,
  pageAsked,
  pickOption,
  typeSearch,
  type PageAsked,
} from '../../test/async-select-test';
import { QueryHistoryPage } from './QueryHistoryPage';

setupDomTest();

function pastQuery(id: number, overrides: Partial<QueryListItem> = {}): QueryListItem {
  return {
    id,
    changed_on: '2024-01-01T00:00:00',
    client_id: `c${id}`,
    database: { id: 1, database_name: 'examples' },
    executed_sql: null,
    error_message: null,
    limit: 100,
    limiting_factor: null,
    progress: 100,
    rows: 12,
    schema: 'main',
    select_as_cta: false,
    sql: `SELECT ${id}\nFROM   t`,
    sql_editor_id: null,
    sql_tables: [],
    status: 'success',
    tab_name: 'Tab',
    user: { id: 1, first_name: 'Ada', last_name: 'Min' },
    start_time: 1_700_000_000_000,
    start_running_time: 1_700_000_000_000,
    end_time: 1_700_000_001_500,
    tmp_table_name: null,
    tracking_url: null,
    results_key: null,
    ...overrides,
  };
}

const GAMMA_BOOTSTRAP = {
  ...TEST_BOOTSTRAP,
  user: TEST_BOOTSTRAP.user === null ? null : { ...TEST_BOOTSTRAP.user, roles: ['sql_lab'], is_admin: false },
};

function historyServer(
  rows: (url: string) => QueryListItem[],
  count?: number,
  extra: (url: string) => Response | null = () => null,
) {
  return sqlLabServer([database()], (url) => {
    const answer = extra(url);
    if (answer !== null) return answer;
    if (url.startsWith('/api/v1/query/?')) {
      const result = rows(decodeURIComponent(url));
      return jsonResponse(200, { count: count ?? result.length, ids: result.map((r) => r.id), result });
    }
    return null;
  });
}

describe('QueryHistoryPage', () => {
  it('lists past queries with SQL preview, state, duration, rows and an Open in SQL Lab link', async () => {
    stubFetch(historyServer(() => [pastQuery(3), pastQuery(4, { status: 'failed', rows: null })]));
    renderWithStore(<QueryHistoryPage />);
    await waitFor(() => {
      expect(document.querySelectorAll('[data-test="query-history-row"]')).toHaveLength(2);
    });
    const [first] = document.querySelectorAll<HTMLElement>('[data-test="query-history-row"]');
    if (first === undefined) throw new Error('no row');
    expect(within(first).getByText('SELECT 3 FROM t')).toBeTruthy();
    expect(within(first).getByText('00:00:01.50')).toBeTruthy();
    expect(within(first).getByText('12')).toBeTruthy();
    expect(within(first).getByText('Open in SQL Lab').getAttribute('href')).toBe('/sqllab/?queryId=3');
    const states = [...document.querySelectorAll('[data-test="query-history-state"]')].map((node) =>
      node.getAttribute('data-state'),
    );
    expect(states).toEqual(['success', 'failed']);
  });

  it('filters by state on the server and shows the empty state', async () => {
    const fetchMock = stubFetch(
      historyServer((url) => (url.includes('opr:eq,value:failed') ? [] : [pastQuery(1)])),
    );
    renderWithStore(<QueryHistoryPage />);
    await waitFor(() => {
      expect(document.querySelectorAll('[data-test="query-history-row"]')).toHaveLength(1);
    });
    const stateFilter = byDataTest('query-history-state-filter');
    fireEvent.mouseDown(within(stateFilter).getByRole('combobox'));
    await waitFor(() => {
      expect(document.querySelector('.ant-select-item-option[title="failed"]')).toBeTruthy();
    });
    fireEvent.click(document.querySelector('.ant-select-item-option[title="failed"]') ?? document.body);
    await waitFor(() => {
      expect(byDataTest('query-history-empty')).toBeTruthy();
    });
    const urls = fetchMock.mock.calls.map(([url]) => decodeURIComponent(url));
    expect(urls.some((url) => url.includes('(col:status,opr:eq,value:failed)'))).toBe(true);
  });

  it('pages through the server count', async () => {
    const fetchMock = stubFetch(
      historyServer((url) => (url.includes('page:1,') ? [pastQuery(26)] : [pastQuery(1)]), 26),
    );
    renderWithStore(<QueryHistoryPage />);
    await waitFor(() => {
      expect(document.querySelector('.ant-pagination-item-2')).toBeTruthy();
    });
    fireEvent.click(document.querySelector('.ant-pagination-item-2') ?? document.body);
    await waitFor(() => {
      expect(document.body.textContent).toContain('SELECT 26 FROM t');
    });
    expect(fetchMock.mock.calls.some(([url]) => decodeURIComponent(url).includes('page:1,'))).toBe(true);
  });

  it('offers the user filter to Admin only', async () => {
    stubFetch(historyServer(() => []));
    renderWithStore(<QueryHistoryPage />);
    await waitFor(() => {
      expect(byDataTest('query-history-user')).toBeTruthy();
    });
    cleanup();
    renderWithStore(<QueryHistoryPage />, GAMMA_BOOTSTRAP);
    await waitFor(() => {
      expect(byDataTest('query-history-empty')).toBeTruthy();
    });
    expect(document.querySelector('[data-test="query-history-user"]')).toBeNull();
  });

  it('shows a load failure with a retry and no empty state beside it', async () => {
    stubFetch(
      sqlLabServer([database()], (url) =>
        url.startsWith('/api/v1/query/?') ? jsonResponse(403, { message: 'Forbidden' }) : null,
      ),
    );
    renderWithStore(<QueryHistoryPage />);
    await waitFor(() => {
      expect(document.body.textContent).toContain('The queries could not be loaded');
    });
    expect(document.body.textContent).toContain('Retry');
    expect(document.querySelector('[data-test="query-history-empty"]')).toBeNull();
  });

  it('does not offer Open in SQL Lab to a user without SQL Lab', async () => {
    stubFetch(historyServer(() => [pastQuery(3)]));
    renderWithStore(<QueryHistoryPage />, bootstrapWith(['auditor'], [['can_read', 'Query']]));
    await waitFor(() => {
      expect(document.querySelectorAll('[data-test="query-history-row"]')).toHaveLength(1);
    });
    expect(document.querySelector('[data-test="query-history-open"]')).toBeNull();
  });
});

describe('QueryHistoryPage database and user filters (spec 001 §9 select rules)', () => {
  /** 150 choices at `related/<field>`, paged; a search for 'ware' or 'ada' finds one, id 42. */
  function relatedServer(field: string, named: string, asked: PageAsked[]) {
    return stubFetch(
      historyServer(
        () => [pastQuery(1)],
        undefined,
        (url) => {
          if (!url.startsWith(`/api/v1/query/related/${field}?`)) return null;
          const request = pageAsked(url);
          asked.push(request);
          if (request.q.includes(`filter:${named.slice(0, 3).toLowerCase()}`))
            return jsonResponse(200, { count: 1, result: [{ value: 42, text: named }] });
          const result = idsOfPage(request, 150).map((id) => ({ value: id, text: `${field} ${String(id)}` }));
          return jsonResponse(200, { count: 150, result });
        },
      ),
    );
  }

  it.each([
    ['database', 'query-history-database', 'warehouse', '(col:database,opr:rel_o_m,value:42)'],
    ['user', 'query-history-user', 'Ada Min', '(col:user,opr:rel_o_m,value:42)'],
  ])(
    'reads %s choices 100 at a time, past 70 % the next page, and filters by the pick',
    async (field, test, named, rule) => {
      const asked: PageAsked[] = [];
      const fetchMock = relatedServer(field, named, asked);
      renderWithStore(<QueryHistoryPage />);
      await expectPagedLazyLoad(test, asked);
      typeSearch(test, named.slice(0, 3).toLowerCase());
      await pickOption(test, named);
      await waitFor(() =>
        expect(
          fetchMock.mock.calls.some(
            ([url]) => url.startsWith('/api/v1/query/?') && decodeURIComponent(url).includes(rule),
          ),
        ).toBe(true),
      );
    },
  );
});
