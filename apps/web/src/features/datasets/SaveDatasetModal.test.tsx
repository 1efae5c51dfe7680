import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../app/store';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { openSelect, pickOption } from '../../test/async-select-test';
import { SaveDatasetModal } from './SaveDatasetModal';
import {
  CREATE_FAILED_MESSAGE,
  NAME_REQUIRED,
  OVERWRITE_CONFIRM,
  OVERWRITE_REQUIRED,
  type DatasetSource,
} from './save-dataset';

function Where() {
  const location = useLocation();
  return <output data-test="where">{`${location.pathname}${location.search}`}</output>;
}

setupDomTest();

const SOURCE: DatasetSource = {
  dbId: 3,
  catalog: null,
  schema: 'main',
  sql: 'SELECT name, num FROM birth_names',
  templateParams: '{"x": 1}',
  columns: [
    { column_name: 'name', type: 'VARCHAR', type_generic: 1, is_dttm: false },
    { column_name: 'num', type: 'BIGINT', type_generic: 0, is_dttm: false },
  ],
};

const toastTexts = (store: AppStore) => store.getState().toasts.items.map((toast) => toast.text);

const createdBody = {
  id: 7,
  result: { table_name: 'Names' },
  data: {
    id: 7,
    uuid: '00000000-0000-4000-8000-000000000007',
    table_name: 'Names',
    name: 'main.Names',
    datasource_name: 'Names',
    database: { id: 3, database_name: 'examples', backend: 'sqlite' },
    catalog: null,
    schema: 'main',
    sql: SOURCE.sql,
    template_params: '{"x": 1}',
    is_sqllab_view: true,
    kind: 'virtual',
    select_star: 'SELECT * FROM main."Names" LIMIT 100',
    external_url: null,
    is_managed_externally: false,
    columns: [],
    metrics: [],
    main_dttm_col: null,
    cache_timeout: null,
    description: null,
    default_endpoint: null,
    offset: 0,
    filter_select_enabled: true,
    fetch_values_predicate: null,
    extra: null,
    always_filter_main_dttm: false,
    normalize_columns: false,
    owners: [],
    created_by: null,
    changed_by: null,
    created_on: '2026-01-01T00:00:00.000Z',
    changed_on: '2026-01-01T00:00:00.000Z',
    changed_on_delta_humanized: 'a few seconds ago',
    uid: '7__table',
    verbose_map: { __timestamp: 'Time' },
    order_by_choices: [],
    column_formats: {},
    granularity_sqla: [],
    time_grain_sqla: [['P1D', 'Day']],
  },
};

function answer(status: number, body: unknown) {
  return stubFetch((url) =>
    url === '/api/v1/security/csrf_token/'
      ? jsonResponse(200, { result: 'token-1' })
      : jsonResponse(status, body),
  );
}

describe('SaveDatasetModal', () => {
  it('posts the query as a virtual dataset named after the tab and toasts success', async () => {
    const fetchMock = answer(201, createdBody);
    const onClose = vi.fn();
    const onSaved = vi.fn();
    const { store } = renderWithStore(
      <SaveDatasetModal source={SOURCE} initialName="Names" onClose={onClose} onSaved={onSaved} />,
    );
    expect((byDataTest('dataset-name') as HTMLInputElement).value).toBe('Names');
    fireEvent.click(byDataTest('dataset-modal-save'));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7));
    expect(onClose).toHaveBeenCalled();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/dataset/');
    expect(call?.[1].method).toBe('POST');
    expect(sentJson(call?.[1])).toEqual({
      database: 3,
      catalog: null,
      schema: 'main',
      sql: SOURCE.sql,
      table_name: 'Names',
      template_params: '{"x": 1}',
      columns: SOURCE.columns,
    });
    expect(toastTexts(store)).toContain('Dataset Names was created');
  });

  it('is the default modal width, 600 px (spec 000 §9)', () => {
    answer(201, createdBody);
    renderWithStore(<SaveDatasetModal source={SOURCE} initialName="x" onClose={vi.fn()} />);
    const modal = document.querySelector<HTMLElement>('.ant-modal');
    expect(modal?.style.width).toBe('600px');
  });

  it('requires a name before calling the server', async () => {
    const fetchMock = answer(201, createdBody);
    renderWithStore(<SaveDatasetModal source={SOURCE} initialName="" onClose={vi.fn()} />);
    fireEvent.click(byDataTest('dataset-modal-save'));
    expect(await screen.findByText(NAME_REQUIRED)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows field messages from the server and the failure toast', async () => {
    answer(422, {
      message: { table_name: ['Dataset Names already exists.'], schema: ['Schema is required.'] },
    });
    const onClose = vi.fn();
    const { store } = renderWithStore(
      <SaveDatasetModal source={SOURCE} initialName="Names" onClose={onClose} />,
    );
    fireEvent.click(byDataTest('dataset-modal-save'));

    expect(await screen.findByText('Dataset Names already exists.')).toBeTruthy();
    expect(screen.getByText('Schema: Schema is required.')).toBeTruthy();
    expect(toastTexts(store)).toContain(CREATE_FAILED_MESSAGE);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a plain server error when there are no field messages', async () => {
    answer(500, { message: 'Boom' });
    const { store } = renderWithStore(
      <SaveDatasetModal source={SOURCE} initialName="Names" onClose={vi.fn()} />,
    );
    fireEvent.click(byDataTest('dataset-modal-save'));
    await waitFor(() => expect(toastTexts(store)).toContain(CREATE_FAILED_MESSAGE));
    expect(byDataTest('dataset-field-errors')).toBeTruthy();
  });
});

describe('SaveDatasetModal: save & explore and overwrite', () => {
  it('opens Explore on the new dataset after Save & explore', async () => {
    answer(201, createdBody);
    const onClose = vi.fn();
    renderWithStore(
      <>
        <SaveDatasetModal source={SOURCE} initialName="Names" onClose={onClose} />
        <Where />
      </>,
    );
    fireEvent.click(byDataTest('dataset-modal-save-explore'));
    await waitFor(() =>
      expect(byDataTest('where').textContent).toBe('/explore/?datasource_type=table&datasource_id=7'),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it("lists only the user's virtual datasets on the query's database and overwrites after a confirmation", async () => {
    const listed = {
      count: 1,
      ids: [12],
      result: [
        {
          id: 12,
          uuid: '00000000-0000-4000-8000-000000000012',
          table_name: 'old_names',
          database: { id: 3, database_name: 'examples' },
          catalog: null,
          schema: 'main',
          sql: 'SELECT 1',
          kind: 'virtual',
          explore_url: '/explore/?datasource_type=table&datasource_id=12',
          owners: [],
          created_by: null,
          changed_by: null,
          changed_by_name: '',
          changed_on_utc: '2026-01-01T00:00:00.000Z',
          changed_on_delta_humanized: 'a day ago',
        },
      ],
    };
    const fetchMock = stubFetch((url) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token-1' });
      if (url.startsWith('/api/v1/dataset/?')) return jsonResponse(200, listed);
      return jsonResponse(200, { id: 12, data: { ...createdBody.data, id: 12, table_name: 'old_names' } });
    });
    const onSaved = vi.fn();
    const { store } = renderWithStore(
      <>
        <SaveDatasetModal source={SOURCE} initialName="Names" onClose={vi.fn()} onSaved={onSaved} />
        <Where />
      </>,
    );
    fireEvent.click(
      byDataTest('dataset-save-overwrite').querySelector('input') ?? byDataTest('dataset-save-overwrite'),
    );
    fireEvent.click(byDataTest('dataset-modal-save'));
    expect(await screen.findByText(OVERWRITE_REQUIRED)).toBeTruthy();

    // The candidates are read when the list opens, a page of 100 at a time.
    openSelect('dataset-overwrite-select');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/v1/dataset/?'))).toBe(true),
    );
    const listCall = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/v1/dataset/?'));
    const q = decodeURIComponent(new URL(listCall?.[0] ?? '', 'http://x').searchParams.get('q') ?? '');
    expect(q).toContain('(col:owners,opr:rel_m_m,value:1)');
    expect(q).toContain('(col:database,opr:rel_o_m,value:3)');
    expect(q).toContain('(col:sql,opr:dataset_is_null_or_empty,value:!f)');
    expect(q).toContain('page_size:100');

    await pickOption('dataset-overwrite-select', 'main.old_names');
    fireEvent.click(byDataTest('dataset-modal-save-explore'));
    expect(await screen.findByText(OVERWRITE_CONFIRM)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(false);

    fireEvent.click(byDataTest('dataset-overwrite-confirm'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(12));
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/dataset/12?override_columns=true');
    expect(sentJson(put?.[1])).toEqual({
      sql: SOURCE.sql,
      template_params: '{"x": 1}',
      columns: SOURCE.columns.map(({ column_name, type, is_dttm }) => ({ column_name, type, is_dttm })),
    });
    expect(toastTexts(store)).toContain('Dataset old_names was overwritten');
    await waitFor(() =>
      expect(byDataTest('where').textContent).toBe('/explore/?datasource_type=table&datasource_id=12'),
    );
  });
});
