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
import { AddDatasetModal } from './AddDatasetModal';

setupDomTest();

// antd selects render slowly in jsdom on a shared, busy machine.
const DATABASE = {
  id: 2,
  uuid: '00000000-0000-4000-8000-000000000002',
  database_name: 'warehouse',
  sqlalchemy_uri: 'postgresql://app@db/warehouse',
  backend: 'postgresql',
  engine_name: 'PostgreSQL',
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  disable_data_preview: false,
  allows_subquery: true,
  allow_multi_catalog: false,
  extra: '{}',
  cache_timeout: null,
  force_ctas_schema: null,
  created_by: null,
  changed_on: '2026-01-01T00:00:00.000Z',
  changed_on_delta_humanized: 'a day ago',
};

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

async function pick(dataTest: string, option: string): Promise<void> {
  const combobox = byDataTest(dataTest).querySelector('input');
  if (!combobox) throw new Error(`no combobox in ${dataTest}`);
  fireEvent.mouseDown(combobox);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (element) => element.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('AddDatasetModal', () => {
  it('creates a physical dataset from the picked database, schema and table', async () => {
    const fetchMock = serve({ status: 201, body: { id: 9, result: {}, data: {} } });
    const onCreated = vi.fn();
    renderWithStore(<AddDatasetModal onClose={vi.fn()} onCreated={onCreated} />);
    await pick('add-dataset-database', 'warehouse');
    await pick('add-dataset-schema', 'public');
    await pick('add-dataset-table', 'orders');
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

  it('shows the server field messages inline', async () => {
    serve({ status: 422, body: { message: { table_name: ['Dataset orders already exists.'] } } });
    const onCreated = vi.fn();
    renderWithStore(<AddDatasetModal onClose={vi.fn()} onCreated={onCreated} />);
    await pick('add-dataset-database', 'warehouse');
    await pick('add-dataset-schema', 'public');
    await pick('add-dataset-table', 'orders');
    fireEvent.click(byDataTest('add-dataset-create'));
    expect(await screen.findByText('Table: Dataset orders already exists.')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
