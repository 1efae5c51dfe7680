import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import {
  expectPagedLazyLoad,
  idsOfPage,
  listContentHeight,
  openSelect,
  optionTitles,
  pageAsked,
  pickOption,
  scrollList,
  typeSearch,
  type PageAsked,
} from '../../test/async-select-test';
import { datasetRow } from '../../test/dataset-rows';
import { databaseItem } from '../databases/test/database-fixture';
import { RoleListPage } from './RoleListPage';

setupDomTest();

const BUILT_IN = { id: 1, name: 'Admin' };
const CUSTOM = { id: 7, name: 'Analysts' };
const listOf = (rows: { id: number; name: string }[]) =>
  jsonResponse(200, { count: rows.length, ids: rows.map((row) => row.id), result: rows });

describe('RoleListPage', () => {
  it('lists roles, searches by name and keeps built-in roles from rename and delete', async () => {
    const fetchMock = stubFetch(() => listOf([BUILT_IN, CUSTOM]));
    renderWithStore(<RoleListPage />);
    expect(await screen.findByText('Analysts')).toBeTruthy();
    expect(screen.getByText('built-in')).toBeTruthy();
    const [adminRename, customRename] = document.querySelectorAll('[data-test="role-rename"]');
    expect(adminRename?.hasAttribute('disabled')).toBe(true);
    expect(customRename?.hasAttribute('disabled')).toBe(false);

    const search = byDataTest('role-search').querySelector('input');
    if (!search) throw new Error('no search input');
    fireEvent.change(search, { target: { value: 'analy' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          decodeURIComponent(url).includes('filters:!((col:name,opr:ct,value:analy))'),
        ),
      ).toBe(true),
    );
  });

  it('creates a role, showing the server refusal on the name field', async () => {
    let rows = [BUILT_IN];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (init.method === 'POST') {
        const body = sentJson(init) as { name: string };
        if (body.name === 'Admin')
          return jsonResponse(422, { message: { name: ['A role with this name already exists.'] } });
        rows = [...rows, { id: 9, name: body.name }];
        return jsonResponse(201, { id: 9, result: { id: 9, name: body.name } });
      }
      return listOf(rows);
    });
    renderWithStore(<RoleListPage />);
    await screen.findByText('Admin');

    fireEvent.click(byDataTest('role-add'));
    fireEvent.click(await screen.findByText('Add', { selector: '[data-test="role-name-save"] *' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'POST')).toBe(false);

    fireEvent.change(byDataTest('role-name'), { target: { value: 'Admin' } });
    fireEvent.click(screen.getByText('Add', { selector: '[data-test="role-name-save"] *' }));
    expect(await screen.findByText('A role with this name already exists.')).toBeTruthy();

    fireEvent.change(byDataTest('role-name'), { target: { value: ' Readers ' } });
    fireEvent.click(screen.getByText('Add', { selector: '[data-test="role-name-save"] *' }));
    expect(await screen.findByText('Readers')).toBeTruthy();
    const post = fetchMock.mock.calls.filter(([, init]) => init.method === 'POST').at(-1);
    expect(sentJson(post?.[1])).toEqual({ name: 'Readers' });
  });

  it('deletes a custom role after confirmation', async () => {
    let rows = [BUILT_IN, CUSTOM];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (init.method === 'DELETE') {
        rows = [BUILT_IN];
        return jsonResponse(200, { message: 'OK' });
      }
      return listOf(rows);
    });
    renderWithStore(<RoleListPage />);
    await screen.findByText('Analysts');
    const [, customDelete] = document.querySelectorAll('[data-test="role-delete"]');
    if (!(customDelete instanceof HTMLElement)) throw new Error('no delete button');
    fireEvent.click(customDelete);
    expect(await screen.findByText(/will be deleted and taken away from every user/)).toBeTruthy();
    fireEvent.click(screen.getByText('Delete', { selector: '[data-test="confirm-ok"] *' }));
    await waitFor(() => expect(screen.queryByText('Analysts')).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/v1/security/roles/7' && init.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('edits permissions: shows the role pairs and saves the chosen ids', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (url.startsWith('/api/v1/security/roles/7/permissions/')) {
        if (init.method === 'POST') return jsonResponse(200, { result: sentJson(init) });
        return jsonResponse(200, {
          result: [{ id: 31, permission_name: 'database_access', view_menu_name: '[examples].(id:1)' }],
        });
      }
      if (url.startsWith('/api/v1/security/permissions-resources/')) {
        return jsonResponse(200, {
          count: 1,
          ids: [2],
          result: [{ id: 2, permission: { name: 'can_read' }, view_menu: { name: 'Dataset' } }],
        });
      }
      if (url.startsWith('/api/v1/database/')) return listOf([]);
      return listOf([CUSTOM]);
    });
    renderWithStore(<RoleListPage />);
    await screen.findByText('Analysts');
    fireEvent.click(byDataTest('role-permissions'));
    // The tag is cut at 20 characters; its title keeps the whole pair.
    await waitFor(() =>
      expect(
        byDataTest('role-permissions-select').querySelector('[title="database_access on [examples].(id:1)"]'),
      ).toBeTruthy(),
    );
    expect(within(byDataTest('role-permissions-select')).getByText('database_access on […')).toBeTruthy();
    fireEvent.click(byDataTest('role-permissions-save'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === '/api/v1/security/roles/7/permissions/' && init.method === 'POST',
        ),
      ).toBe(true),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(sentJson(post?.[1])).toEqual({ permission_view_menu_ids: [31] });
  });

  it('reads permission pairs 100 at a time, the next page past 70 %, searching on the server', async () => {
    const asked: PageAsked[] = [];
    stubFetch((url) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (url.startsWith('/api/v1/security/roles/7/permissions/')) return jsonResponse(200, { result: [] });
      if (url.startsWith('/api/v1/security/permissions-resources/')) {
        const request = pageAsked(url);
        asked.push(request);
        const result = idsOfPage(request, 300).map((id) => ({
          id,
          permission: { name: 'can_read' },
          view_menu: { name: `View ${String(id)}` },
        }));
        return jsonResponse(200, { count: 300, ids: result.map((pair) => pair.id), result });
      }
      return listOf([CUSTOM]);
    });
    renderWithStore(<RoleListPage />);
    await screen.findByText('Analysts');
    fireEvent.click(byDataTest('role-permissions'));
    await waitFor(() => expect(byDataTest('role-permissions-select')).toBeTruthy());
    await expectPagedLazyLoad('role-permissions-select', asked);
    typeSearch('role-permissions-select', 'Dataset');
    await waitFor(() =>
      expect(asked.some((request) => request.q.includes('(col:search,opr:ct,value:Dataset)'))).toBe(true),
    );
  });

  it('grant access: databases, schemas and datasets each read 100 at a time past 70 %', async () => {
    const asked: Record<'database' | 'schema' | 'dataset', PageAsked[]> = {
      database: [],
      schema: [],
      dataset: [],
    };
    stubFetch((url) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (url.startsWith('/api/v1/security/roles/7/permissions/')) return jsonResponse(200, { result: [] });
      if (url.startsWith('/api/v1/security/permissions-resources/'))
        return jsonResponse(200, { count: 0, ids: [], result: [] });
      if (url.startsWith('/api/v1/database/3/schemas/')) {
        return jsonResponse(200, {
          result: Array.from({ length: 250 }, (_, i) => `schema_${String(i).padStart(3, '0')}`),
        });
      }
      if (url.startsWith('/api/v1/database/?')) {
        const request = pageAsked(url);
        asked.database.push(request);
        if (request.q.includes('(col:database_name,opr:ct,value:ware)')) {
          const found = [databaseItem({ id: 3, database_name: 'warehouse' })];
          return jsonResponse(200, { count: 1, ids: [3], result: found });
        }
        const result = idsOfPage(request, 150).map((id) =>
          databaseItem({ id, database_name: `db ${String(id)}` }),
        );
        return jsonResponse(200, { count: 150, ids: result.map((item) => item.id), result });
      }
      if (url.startsWith('/api/v1/dataset/?')) {
        const request = pageAsked(url);
        asked.dataset.push(request);
        const rows = idsOfPage(request, 150).map((id) => datasetRow(id));
        return jsonResponse(200, { count: 150, ids: rows.map((row) => row.id), result: rows });
      }
      return listOf([CUSTOM]);
    });
    renderWithStore(<RoleListPage />);
    await screen.findByText('Analysts');
    fireEvent.click(byDataTest('role-permissions'));
    await waitFor(() => expect(byDataTest('grant-database')).toBeTruthy());
    await expectPagedLazyLoad('grant-database', asked.database);
    typeSearch('grant-database', 'ware');
    await pickOption('grant-database', 'warehouse');
    await expectPagedLazyLoad('grant-dataset', asked.dataset);
    expect(asked.dataset[0]?.q).toContain('(col:database,opr:rel_o_m,value:3)');
    // The schemas come whole from the server and are paged here, 100 at a time.
    openSelect('grant-schema');
    await waitFor(() => expect(optionTitles()).toContain('schema_000'));
    expect(listContentHeight()).toBeGreaterThan(0);
    const first = listContentHeight();
    scrollList(0.8);
    await waitFor(() => expect(listContentHeight()).toBeCloseTo(first * 2));
  });
});
