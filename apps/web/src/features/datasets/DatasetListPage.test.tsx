import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  GAMMA_PERMISSIONS,
  bootstrapWith,
  byDataTest,
  jsonResponse,
  renderWithStore,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { DatasetListPage } from './DatasetListPage';

setupDomTest();

// antd tables with several icon buttons per row render slowly on a shared, busy machine.
const ROW = {
  id: 4,
  uuid: '00000000-0000-4000-8000-000000000004',
  table_name: 'names_by_gender',
  database: { id: 1, database_name: 'examples' },
  catalog: null,
  schema: 'main',
  sql: 'SELECT 1',
  kind: 'virtual',
  explore_url: '/explore/?datasource_type=table&datasource_id=4',
  owners: [],
  created_by: { id: 1, first_name: 'Ada', last_name: 'Min' },
  changed_by: null,
  changed_by_name: '',
  changed_on_utc: '2026-01-01T00:00:00.000Z',
  changed_on_delta_humanized: 'a few seconds ago',
};

describe('DatasetListPage', () => {
  it('lists datasets with their type, database and creator, and deletes one after confirmation', async () => {
    let rows = [ROW];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (init.method === 'DELETE') {
        rows = [];
        return jsonResponse(200, { message: 'OK' });
      }
      return jsonResponse(200, { count: rows.length, ids: rows.map((row) => row.id), result: rows });
    });
    renderWithStore(<DatasetListPage />);

    expect(await screen.findByText('names_by_gender')).toBeTruthy();
    expect(screen.getByText('Virtual')).toBeTruthy();
    expect(screen.getByText('examples')).toBeTruthy();
    expect(screen.getByText('Ada Min')).toBeTruthy();
    expect(byDataTest('dataset-explore').getAttribute('href')).toBe(
      '/explore/?datasource_type=table&datasource_id=4',
    );
    expect(byDataTest('dataset-name-cell').getAttribute('href')).toBe(
      '/explore/?datasource_type=table&datasource_id=4',
    );
    expect(byDataTest('dataset-open-sqllab').getAttribute('href')).toBe('/sqllab/?datasetId=4');

    fireEvent.click(byDataTest('dataset-delete'));
    fireEvent.click(await screen.findByText('Delete', { selector: '[data-test="confirm-ok"] *' }));
    await waitFor(() => expect(byDataTest('dataset-empty')).toBeTruthy());
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/dataset/4' && init.method === 'DELETE'),
    ).toBe(true);
  });

  it('searches by name with a rison contains filter', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { count: 0, ids: [], result: [] }));
    renderWithStore(<DatasetListPage />);
    expect(await screen.findByText('No datasets yet')).toBeTruthy();
    const search = byDataTest('dataset-search').querySelector('input');
    if (!search) throw new Error('no search input');
    fireEvent.change(search, { target: { value: 'gender' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('No datasets match your search')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([url]) => decodeURIComponent(url));
    expect(urls.some((url) => url.includes('(col:table_name,opr:ct,value:gender)'))).toBe(true);
  });

  it('shows Gamma Explore only: no add, edit, delete or Open in SQL Lab', async () => {
    stubFetch(() => jsonResponse(200, { count: 1, ids: [4], result: [ROW] }));
    renderWithStore(<DatasetListPage />, bootstrapWith(['Gamma'], GAMMA_PERMISSIONS));
    await screen.findByText('names_by_gender');
    expect(document.querySelector('[data-test="dataset-explore"]')).not.toBeNull();
    for (const action of ['dataset-add', 'dataset-edit', 'dataset-delete', 'dataset-open-sqllab']) {
      expect(document.querySelector(`[data-test="${action}"]`)).toBeNull();
    }
  });

  it('shows a load failure with a retry and no empty state beside it', async () => {
    stubFetch(() => jsonResponse(403, { message: 'Forbidden' }));
    renderWithStore(<DatasetListPage />);
    expect(await screen.findByText('Could not load datasets')).toBeTruthy();
    expect(screen.getByText('Retry')).toBeTruthy();
    expect(screen.queryByText('No datasets yet')).toBeNull();
  });
});
