import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Database, DatabaseRelatedObjects } from '@tessera/contracts';
import { describe, expect, it, vi } from 'vitest';
import { byDataTest, jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../test/dom-test';
import { DatabaseDeleteDialog } from './DatabaseDeleteDialog';

setupDomTest();

const DATABASE: Database = {
  id: 7,
  uuid: '5b0f6f53-3f1e-4d55-9a57-5b1c2b1e3a11',
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
  changed_on_delta_humanized: 'a month ago',
};

const USED: DatabaseRelatedObjects = {
  datasets: { count: 1, result: [{ id: 3, table_name: 'orders', schema: 'shop' }] },
  charts: { count: 1, result: [{ id: 4, slice_name: 'Orders per day', viz_type: 'line' }] },
  dashboards: { count: 1, result: [{ id: 5, title: 'Sales', slug: null, json_metadata: null }] },
  sqllab_tab_states: { count: 1, result: [{ id: 6, label: 'Scratch', active: true }] },
};

const UNUSED: DatabaseRelatedObjects = {
  datasets: { count: 0, result: [] },
  charts: { count: 0, result: [] },
  dashboards: { count: 0, result: [] },
  sqllab_tab_states: { count: 0, result: [] },
};

describe('DatabaseDeleteDialog', () => {
  it('lists what uses the database and does not offer deletion while datasets exist', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/v1/database/7/related_objects/') return jsonResponse(200, USED);
      return jsonResponse(404, { message: 'Not found' });
    });
    renderWithStore(<DatabaseDeleteDialog database={DATABASE} onClose={vi.fn()} />);

    expect(await screen.findByText('shop.orders')).toBeTruthy();
    expect(screen.getByText('Orders per day')).toBeTruthy();
    expect(screen.getByText('Sales')).toBeTruthy();
    expect(screen.getByText('Scratch')).toBeTruthy();
    expect(byDataTest('database-delete-blocked').textContent).toContain('cannot be deleted');
    expect(byDataTest('confirm-ok').hasAttribute('disabled')).toBe(true);
    fireEvent.click(byDataTest('confirm-ok'));
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'DELETE')).toBe(false);
  });

  it('shows the refusal when the server refuses anyway, staying open and reloading the usage', async () => {
    let usage = UNUSED;
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token-1' });
      if (url === '/api/v1/database/7/related_objects/') return jsonResponse(200, usage);
      if (url === '/api/v1/database/7' && init.method === 'DELETE') {
        // A dataset was added since the dialog opened.
        usage = USED;
        return jsonResponse(422, { message: 'Cannot delete a database that has datasets attached' });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    const onClose = vi.fn();
    renderWithStore(<DatabaseDeleteDialog database={DATABASE} onClose={onClose} />);
    await waitFor(() => {
      expect(byDataTest('confirm-ok').hasAttribute('disabled')).toBe(false);
    });

    fireEvent.click(byDataTest('confirm-ok'));
    await waitFor(() => {
      expect(byDataTest('database-delete-error').textContent).toContain(
        'Cannot delete a database that has datasets attached',
      );
    });
    expect(await screen.findByText('shop.orders')).toBeTruthy();
    expect(byDataTest('confirm-ok').hasAttribute('disabled')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/database/7' && init.method === 'DELETE'),
    ).toBe(true);
  });

  it('deletes an unused database and closes', async () => {
    stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token-1' });
      if (url === '/api/v1/database/7/related_objects/') return jsonResponse(200, UNUSED);
      if (url === '/api/v1/database/7' && init.method === 'DELETE')
        return jsonResponse(200, { message: 'OK' });
      return jsonResponse(404, { message: 'Not found' });
    });
    const onClose = vi.fn();
    renderWithStore(<DatabaseDeleteDialog database={DATABASE} onClose={onClose} />);
    await waitFor(() => {
      expect(document.querySelector('[data-test="database-usage-loading"]')).toBeNull();
    });
    expect(document.querySelector('[data-test="database-usage"]')).toBeNull();
    fireEvent.click(byDataTest('confirm-ok'));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
  });
});
