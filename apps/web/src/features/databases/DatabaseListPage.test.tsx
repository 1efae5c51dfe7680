import { screen } from '@testing-library/react';
import type { Database } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { bootstrapWith, jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../test/dom-test';
import { DatabaseListPage } from './DatabaseListPage';

setupDomTest();

const EXAMPLES: Database = {
  id: 1,
  uuid: '5b0f6f53-3f1e-4d55-9a57-5b1c2b1e3a12',
  database_name: 'examples',
  sqlalchemy_uri: 'duckdb:///examples.duckdb',
  backend: 'duckdb',
  engine_name: 'DuckDB',
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
  changed_on_delta_humanized: '2 days ago',
  security_warnings: [],
};

const listBody = { count: 1, ids: [1], result: [EXAMPLES] };

describe('DatabaseListPage', () => {
  it('offers + Database, edit and delete to those who may write databases', async () => {
    stubFetch(() => jsonResponse(200, listBody));
    renderWithStore(<DatabaseListPage />);
    await screen.findByText('examples');
    for (const action of ['database-add', 'database-edit', 'database-delete', 'database-browse']) {
      expect(document.querySelector(`[data-test="${action}"]`)).not.toBeNull();
    }
  });

  it('offers a reader (Alpha) browse only: no + Database, edit or delete', async () => {
    stubFetch(() => jsonResponse(200, listBody));
    renderWithStore(
      <DatabaseListPage />,
      bootstrapWith(
        ['Alpha'],
        [
          ['can_read', 'Database'],
          ['all_database_access', 'all_database_access'],
        ],
      ),
    );
    await screen.findByText('examples');
    expect(document.querySelector('[data-test="database-browse"]')).not.toBeNull();
    for (const action of ['database-add', 'database-edit', 'database-delete']) {
      expect(document.querySelector(`[data-test="${action}"]`)).toBeNull();
    }
  });
});
