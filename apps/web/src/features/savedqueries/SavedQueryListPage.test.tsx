import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedQuery } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import {
  bootstrapWith,
  byDataTest,
  jsonResponse,
  renderWithStore,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { selectToasts } from '../../shared/toasts/toasts-slice';
import {
  expectPagedLazyLoad,
  idsOfPage,
  pageAsked,
  pickOption,
  typeSearch,
  type PageAsked,
} from '../../test/async-select-test';
import { SavedQueryListPage } from './SavedQueryListPage';

setupDomTest();

function savedQuery(id: number, label: string, sql: string): SavedQuery {
  return {
    id,
    label,
    description: id === 1 ? 'The usual' : '',
    sql,
    catalog: null,
    schema: 'main',
    db_id: 3,
    database: { id: 3, database_name: 'examples' },
    template_parameters: null,
    extra_json: '{}',
    created_by: { id: 1, first_name: 'Ada', last_name: 'Min' },
    changed_by: null,
    created_on: '2026-01-01T00:00:00.000Z',
    changed_on: '2026-01-01T00:00:00.000Z',
    changed_on_delta_humanized: '2 days ago',
    sql_tables: [],
    tags: [],
  };
}

const ROWS = [
  savedQuery(1, 'Top names', 'SELECT name\nFROM birth_names'),
  savedQuery(2, 'Counts', 'SELECT 1'),
];

function listBody(rows: SavedQuery[]) {
  return { count: rows.length, ids: rows.map((row) => row.id), result: rows };
}

const risonOf = (url: string): string => new URL(url, 'http://localhost').searchParams.get('q') ?? '';

describe('SavedQueryListPage', () => {
  it('lists saved queries with their database, SQL and links to SQL Lab', async () => {
    stubFetch(() => jsonResponse(200, listBody(ROWS)));
    renderWithStore(<SavedQueryListPage />);

    const link = await screen.findByText('Top names');
    expect(link.getAttribute('href')).toBe('/sqllab/?savedQueryId=1');
    expect(screen.getByText('The usual')).toBeTruthy();
    expect(screen.getAllByText('examples')).toHaveLength(2);
    expect(screen.getByText('SELECT name FROM birth_names')).toBeTruthy();
    expect(screen.getAllByText('2 days ago')).toHaveLength(2);

    fireEvent.click(screen.getAllByLabelText(/^Preview /)[0] ?? document.body);
    await waitFor(() => {
      expect(byDataTest('savedquery-preview-sql').textContent).toBe('SELECT name\nFROM birth_names');
    });
  });

  it('searches with all_text and shows the empty state', async () => {
    const fetchMock = stubFetch((url) =>
      risonOf(url).includes('all_text') ? jsonResponse(200, listBody([])) : jsonResponse(200, listBody(ROWS)),
    );
    renderWithStore(<SavedQueryListPage />);
    await screen.findByText('Top names');

    const search = within(byDataTest('savedquery-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'nothing' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });

    expect(await screen.findByText('No saved queries match your search')).toBeTruthy();
    const searched = fetchMock.mock.calls.map(([url]) => risonOf(url)).find((q) => q.includes('all_text'));
    expect(searched).toContain('(col:label,opr:all_text,value:nothing)');
  });

  it('shows a load failure with a retry', async () => {
    stubFetch(() => jsonResponse(500, { message: 'Boom' }));
    renderWithStore(<SavedQueryListPage />);
    expect(await screen.findByText('Could not load saved queries')).toBeTruthy();
    expect(screen.getByText('Retry')).toBeTruthy();
    // The failure is the whole story: no empty state claims there is nothing.
    expect(screen.queryByText('No saved queries yet')).toBeNull();
    expect(document.querySelector('[data-test="savedquery-empty"]')).toBeNull();
  });

  it('offers no edit, delete or bulk delete to a user who cannot write saved queries', async () => {
    stubFetch(() => jsonResponse(200, listBody(ROWS)));
    renderWithStore(
      <SavedQueryListPage />,
      bootstrapWith(
        ['reader'],
        [
          ['can_read', 'SavedQuery'],
          ['can_read', 'SQLLab'],
          ['can_read', 'TabStateView'],
        ],
      ),
    );
    await screen.findByText('Top names');
    expect(document.querySelector('[data-test="savedquery-open"]')).not.toBeNull();
    expect(document.querySelector('[data-test="savedquery-edit"]')).toBeNull();
    expect(document.querySelector('[data-test="savedquery-delete"]')).toBeNull();
    expect(document.querySelector('[data-test="savedquery-bulk-delete"]')).toBeNull();
    expect(document.querySelector('[data-test="list-import"]')).toBeNull();
    expect(document.querySelector('[data-test="list-bulk-export"]')).not.toBeNull();
  });

  it('does not link saved queries into SQL Lab for a user without SQL Lab', async () => {
    stubFetch(() => jsonResponse(200, listBody(ROWS)));
    renderWithStore(<SavedQueryListPage />, bootstrapWith(['reader'], [['can_read', 'SavedQuery']]));
    const label = await screen.findByText('Top names');
    expect(label.getAttribute('href')).toBeNull();
    expect(document.querySelector('[data-test="savedquery-open"]')).toBeNull();
    expect(document.querySelector('[data-test="savedquery-copy-link"]')).toBeNull();
  });

  it('bulk deletes the selected rows after confirmation', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (init.method === 'DELETE') return jsonResponse(200, { message: 'Deleted 2 saved queries' });
      return jsonResponse(200, listBody(ROWS));
    });
    const { store } = renderWithStore(<SavedQueryListPage />);
    await screen.findByText('Top names');

    const boxes = within(byDataTest('savedquery-table')).getAllByRole('checkbox');
    fireEvent.click(boxes[0] ?? document.body);
    await waitFor(() => {
      expect(byDataTest('savedquery-bulk-delete').textContent).toBe('Delete 2 selected');
    });
    fireEvent.click(byDataTest('savedquery-bulk-delete'));
    expect(await screen.findByText('2 saved queries will be deleted.')).toBeTruthy();
    fireEvent.click(byDataTest('confirm-ok'));

    await waitFor(() => {
      expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain('Deleted 2 saved queries');
    });
    const deleteCall = fetchMock.mock.calls.find(([, init]) => init.method === 'DELETE');
    expect(risonOf(deleteCall?.[0] ?? '')).toBe('!(1,2)');
  });
});

describe('SavedQueryListPage created-by filter (spec 001 §9 select rules)', () => {
  it('reads users 100 at a time, the next page past 70 %, and lists what the picked user saved', async () => {
    const asked: PageAsked[] = [];
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/v1/saved_query/related/created_by?')) {
        const request = pageAsked(url);
        asked.push(request);
        if (request.q.includes('filter:ada'))
          return jsonResponse(200, { count: 1, result: [{ value: 7, text: 'Ada Min' }] });
        const result = idsOfPage(request, 150).map((id) => ({ value: id, text: `User ${String(id)}` }));
        return jsonResponse(200, { count: 150, result });
      }
      return jsonResponse(200, listBody(ROWS));
    });
    renderWithStore(<SavedQueryListPage />);
    await expectPagedLazyLoad('savedquery-filter-created-by', asked);
    typeSearch('savedquery-filter-created-by', 'ada');
    await pickOption('savedquery-filter-created-by', 'Ada Min');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) =>
            url.startsWith('/api/v1/saved_query/?') &&
            decodeURIComponent(url).includes('(col:created_by,opr:rel_o_m,value:7)'),
        ),
      ).toBe(true),
    );
  });
});
