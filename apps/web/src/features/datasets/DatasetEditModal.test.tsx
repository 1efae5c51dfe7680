import { fireEvent, screen, waitFor } from '@testing-library/react';
import { datasetUpdateSchema } from '@tessera/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { pickOption } from '../../test/async-select-test';
import { DatasetEditModal } from './DatasetEditModal';

setupDomTest();

// antd tabs and tables render slowly in jsdom on a shared, busy machine.
const column = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  column_name: name,
  verbose_name: null,
  type: 'VARCHAR',
  type_generic: 1,
  expression: null,
  is_dttm: false,
  groupby: true,
  filterable: true,
  description: null,
  python_date_format: null,
  advanced_data_type: null,
  ...extra,
});

const DATASET = {
  id: 5,
  uuid: '00000000-0000-4000-8000-000000000005',
  table_name: 'birth_names',
  name: 'main.birth_names',
  datasource_name: 'birth_names',
  database: { id: 1, database_name: 'examples', backend: 'duckdb' },
  catalog: null,
  schema: 'main',
  sql: null,
  template_params: null,
  is_sqllab_view: false,
  kind: 'physical',
  select_star: 'SELECT * FROM main.birth_names LIMIT 100',
  external_url: null,
  is_managed_externally: false,
  columns: [
    column(11, 'name'),
    column(12, 'ds', { type: 'TIMESTAMP', type_generic: 2, is_dttm: true }),
    column(13, 'num_california', {
      type: null,
      type_generic: null,
      expression: "CASE WHEN state = 'CA' THEN num ELSE 0 END",
    }),
  ],
  metrics: [
    {
      id: 21,
      metric_name: 'count',
      verbose_name: 'COUNT(*)',
      expression: 'COUNT(*)',
      metric_type: 'count',
      d3format: null,
      currency: null,
      description: null,
      certified_by: null,
      certification_details: null,
      warning_text: null,
      is_certified: false,
    },
  ],
  main_dttm_col: 'ds',
  cache_timeout: null,
  description: null,
  default_endpoint: null,
  offset: 0,
  filter_select_enabled: true,
  fetch_values_predicate: null,
  extra: null,
  always_filter_main_dttm: false,
  normalize_columns: false,
  owners: [{ id: 1, first_name: 'Ada', last_name: 'Min' }],
  created_by: null,
  changed_by: null,
  created_on: '2026-01-01T00:00:00.000Z',
  changed_on: '2026-01-01T00:00:00.000Z',
  changed_on_delta_humanized: 'a few seconds ago',
  uid: '5__table',
  verbose_map: { __timestamp: 'Time' },
  order_by_choices: [],
  column_formats: {},
  granularity_sqla: [['ds', 'ds']],
  time_grain_sqla: [['P1D', 'Day']],
};

function serve(putAnswer: (body: unknown) => { status: number; body: unknown }) {
  return stubFetch((url, init) => {
    if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
    if (url === '/api/v1/dataset/5/refresh') return jsonResponse(200, { message: 'OK' });
    if (url.startsWith('/api/v1/dataset/related/owners')) {
      const result = [
        { value: 1, text: 'Ada Min', extra: { email: 'ada@example.com', active: true } },
        { value: 2, text: 'Bo Owner', extra: { email: 'bo@example.com', active: true } },
      ];
      return jsonResponse(200, { count: 2, result });
    }
    if (url === '/api/v1/dataset/5' && init.method === 'PUT') {
      const answer = putAnswer(sentJson(init));
      return jsonResponse(answer.status, answer.body);
    }
    return jsonResponse(200, { id: 5, result: DATASET });
  });
}

const input = (label: string): HTMLInputElement | HTMLTextAreaElement => {
  const element = screen.getByLabelText(label);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error(`${label} is not a text input`);
  }
  return element;
};

describe('DatasetEditModal', () => {
  it('edits a column label and adds a metric, sending complete lists with ids', async () => {
    const fetchMock = serve(() => ({ status: 200, body: { id: 5, result: {}, data: DATASET } }));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithStore(<DatasetEditModal datasetId={5} onClose={onClose} onSaved={onSaved} />);
    expect(await screen.findByDisplayValue('birth_names')).toBeTruthy();

    fireEvent.click(screen.getByText('Columns (2)'));
    fireEvent.change(input('Label of name'), { target: { value: 'Baby name' } });
    fireEvent.click(screen.getByText('Metrics (1)'));
    fireEvent.click(byDataTest('add-metric'));
    fireEvent.change(input('Metric of new metric'), { target: { value: 'sum__num' } });
    fireEvent.change(input('SQL expression of sum__num'), { target: { value: 'SUM(num)' } });
    fireEvent.change(input('D3 format of sum__num'), { target: { value: ',d' } });
    fireEvent.click(byDataTest('dataset-edit-save'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/dataset/5' && init.method === 'PUT',
    );
    const body = sentJson(put?.[1]);
    expect(body).toMatchObject({
      table_name: 'birth_names',
      main_dttm_col: 'ds',
      columns: [
        { id: 11, column_name: 'name', verbose_name: 'Baby name' },
        { id: 12, column_name: 'ds', is_dttm: true },
        { id: 13, column_name: 'num_california', expression: "CASE WHEN state = 'CA' THEN num ELSE 0 END" },
      ],
      metrics: [
        { id: 21, metric_name: 'count', expression: 'COUNT(*)' },
        { metric_name: 'sum__num', expression: 'SUM(num)', d3format: ',d' },
      ],
    });
  });

  it('adds an owner from the candidates read 100 at a time', async () => {
    const fetchMock = serve(() => ({ status: 200, body: { id: 5, result: {}, data: DATASET } }));
    const onSaved = vi.fn();
    renderWithStore(<DatasetEditModal datasetId={5} onClose={vi.fn()} onSaved={onSaved} />);
    expect(await screen.findByDisplayValue('birth_names')).toBeTruthy();
    expect(byDataTest('dataset-edit-owners').textContent).toContain('Ada Min');
    await pickOption('dataset-edit-owners', 'Bo Owner');
    const asked = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/v1/dataset/related/owners'));
    expect(decodeURIComponent(asked?.[0] ?? '')).toContain('page_size:100');
    fireEvent.click(byDataTest('dataset-edit-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/dataset/5' && init.method === 'PUT',
    );
    expect(datasetUpdateSchema.parse(sentJson(put?.[1])).owners).toEqual([1, 2]);
  });

  it('certifies a column and gives it a warning', async () => {
    const fetchMock = serve(() => ({ status: 200, body: { id: 5, result: {}, data: DATASET } }));
    const onSaved = vi.fn();
    renderWithStore(<DatasetEditModal datasetId={5} onClose={vi.fn()} onSaved={onSaved} />);
    expect(await screen.findByDisplayValue('birth_names')).toBeTruthy();

    fireEvent.click(screen.getByText('Columns (2)'));
    fireEvent.change(input('Certified by of name'), { target: { value: 'Data team' } });
    fireEvent.change(input('Certification details of name'), { target: { value: 'Checked weekly' } });
    fireEvent.change(input('Warning of ds'), { target: { value: 'Late by a day' } });
    fireEvent.click(byDataTest('dataset-edit-save'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/dataset/5' && init.method === 'PUT',
    );
    const body = datasetUpdateSchema.parse(sentJson(put?.[1]));
    expect(body.columns?.slice(0, 2)).toMatchObject([
      { id: 11, certified_by: 'Data team', certification_details: 'Checked weekly', warning_text: null },
      { id: 12, certified_by: null, certification_details: null, warning_text: 'Late by a day' },
    ]);
  });

  it('shows the server field errors inline and stays open', async () => {
    serve(() => ({
      status: 422,
      body: { message: { metrics: ['Metric count: The expression must not contain a semicolon.'] } },
    }));
    const onClose = vi.fn();
    renderWithStore(<DatasetEditModal datasetId={5} onClose={onClose} />);
    expect(await screen.findByDisplayValue('birth_names')).toBeTruthy();
    fireEvent.click(byDataTest('dataset-edit-save'));
    expect(
      await screen.findByText('Metrics: Metric count: The expression must not contain a semicolon.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('names local mistakes without calling the server, and deletes calculated columns', async () => {
    const fetchMock = serve(() => ({ status: 200, body: { id: 5, result: {}, data: DATASET } }));
    renderWithStore(<DatasetEditModal datasetId={5} onClose={vi.fn()} />);
    expect(await screen.findByDisplayValue('birth_names')).toBeTruthy();
    fireEvent.click(screen.getByText('Calculated columns (1)'));
    fireEvent.click(byDataTest('add-calculated-column'));
    fireEvent.click(byDataTest('dataset-edit-save'));
    expect(await screen.findByText('Every column needs a name.')).toBeTruthy();
    expect(screen.getByText('Every calculated column needs an SQL expression.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByLabelText('Delete new column'));
    fireEvent.click(screen.getByLabelText('Delete num_california'));
    expect(screen.getByText('Calculated columns (0)')).toBeTruthy();
    fireEvent.click(byDataTest('dataset-edit-save'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
    const body = datasetUpdateSchema.parse(sentJson(put?.[1]));
    expect(body.columns?.map((c) => c.column_name)).toEqual(['name', 'ds']);
  });

  it('syncs columns from the source and reloads the dataset', async () => {
    const fetchMock = serve(() => ({ status: 200, body: {} }));
    renderWithStore(<DatasetEditModal datasetId={5} onClose={vi.fn()} />);
    expect(await screen.findByDisplayValue('birth_names')).toBeTruthy();
    fireEvent.click(screen.getByText('Columns (2)'));
    fireEvent.click(byDataTest('dataset-sync-columns'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url, init]) => url === '/api/v1/dataset/5' && init.method !== 'PUT'),
      ).toHaveLength(2),
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/v1/dataset/5/refresh' && init.method === 'PUT',
      ),
    ).toBe(true);
  });
});
