import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { pickOption, typeSearch } from '../../test/async-select-test';
import { databaseItem } from '../databases/test/database-fixture';
import { AddDatasetModal } from './AddDatasetModal';

setupDomTest();

const DATABASE = databaseItem({ id: 2, database_name: 'warehouse' });

function serve(create: { status: number; body: unknown }) {
  return stubFetch((url) => {
    if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
    if (url.startsWith('/api/v1/database/?')) {
      return jsonResponse(200, { count: 1, ids: [2], result: [DATABASE] });
    }
    if (url.startsWith('/api/v1/database/2/schemas/')) return jsonResponse(200, { result: ['public'] });
    if (url.startsWith('/api/v1/database/2/tables/')) {
      return jsonResponse(200, { count: 1, result: [{ value: 'orders', type: 'table', extra: null }] });
    }
    return jsonResponse(create.status, create.body);
  });
}

describe('AddDatasetModal', () => {
  it('creates a physical dataset from the picked database, schema and table', async () => {
    const fetchMock = serve({ status: 201, body: { id: 9, result: {}, data: {} } });
    const onCreated = vi.fn();
    renderWithStore(<AddDatasetModal onClose={vi.fn()} onCreated={onCreated} />);
    await pickOption('add-dataset-database', 'warehouse');
    await pickOption('add-dataset-schema', 'public');
    await pickOption('add-dataset-table', 'orders');
    fireEvent.click(byDataTest('add-dataset-create'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/dataset/' && init.method === 'POST'),
      ).toBe(true),
    );
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/dataset/' && init.method === 'POST',
    );
    expect(sentJson(post?.[1])).toEqual({ database: 2, schema: 'public', table_name: 'orders' });
  });

  it('reads databases 100 at a time with the search sent to the server', async () => {
    const fetchMock = serve({ status: 201, body: {} });
    renderWithStore(<AddDatasetModal onClose={vi.fn()} onCreated={vi.fn()} />);
    await pickOption('add-dataset-database', 'warehouse');
    const first = decodeURIComponent(
      fetchMock.mock.calls.find(([url]) => url.startsWith('/api/v1/database/?'))?.[0] ?? '',
    );
    expect(first).toContain('page:0');
    expect(first).toContain('page_size:100');
    typeSearch('add-dataset-database', 'ware');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          decodeURIComponent(url).includes('(col:database_name,opr:ct,value:ware)'),
        ),
      ).toBe(true),
    );
  });

  it('shows the server field messages inline', async () => {
    serve({ status: 422, body: { message: { table_name: ['Dataset orders already exists.'] } } });
    const onCreated = vi.fn();
    renderWithStore(<AddDatasetModal onClose={vi.fn()} onCreated={onCreated} />);
    await pickOption('add-dataset-database', 'warehouse');
    await pickOption('add-dataset-schema', 'public');
    await pickOption('add-dataset-table', 'orders');
    fireEvent.click(byDataTest('add-dataset-create'));
    expect(await screen.findByText('Table: Dataset orders already exists.')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
