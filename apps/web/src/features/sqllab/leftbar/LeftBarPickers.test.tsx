import { act, waitFor } from '@testing-library/react';
import type { SqlLabDatabase } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { useAppSelector } from '../../../app/hooks';
import {
  listContentHeight,
  optionTitles,
  openSelect,
  pickOption,
  scrollList,
  typeSearch,
} from '../../../test/async-select-test';
import { byDataTest, jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../../test/dom-test';
import { databaseItem } from '../../databases/test/database-fixture';
import { addQueryEditor, selectEditorTables, type QueryEditor } from '../state';
import { selectTab } from '../store/selectors';
import { sqlLabState } from '../store/sqllab-store';
import { database } from '../test/fake-server';
import { DatabaseSelect, SchemaSelect } from './DatabaseSchemaPickers';
import { TableSelect } from './TableSelect';

setupDomTest();

type Picker = 'database' | 'schema' | 'table';

/** The picker over the store's tab 'tab1', so what it dispatches is what it shows next. */
function Bound({ picker, databases }: { picker: Picker; databases: readonly SqlLabDatabase[] }) {
  const editor = useAppSelector((state) => selectTab(state, 'tab1'));
  if (editor === null) return null;
  if (picker === 'database') return <DatabaseSelect editor={editor} databases={databases} />;
  return picker === 'schema' ? <SchemaSelect editor={editor} /> : <TableSelect editor={editor} />;
}

function renderPicker(
  picker: Picker,
  tab: Pick<QueryEditor, 'dbId' | 'schema'>,
  databases: readonly SqlLabDatabase[] = [],
) {
  const rendered = renderWithStore(<Bound picker={picker} databases={databases} />);
  act(() => {
    rendered.store.dispatch(
      addQueryEditor({
        defaults: { dbId: null, queryLimit: 1000 },
        backendPersistence: true,
        tabViewId: 'tab1',
        ...tab,
      }),
    );
  });
  const tabState = () => selectTab(rendered.store.getState(), 'tab1');
  return { ...rendered, tabState };
}

const tableName = (index: number) => `t_${String(index).padStart(3, '0')}`;

/** The rison `q` of a request, page and page_size read out. */
function pageOf(url: string): { page: number; pageSize: number; q: string } {
  const q = decodeURIComponent(url.split('q=')[1] ?? '');
  return {
    page: Number(/(?:^|[(,])page:(\d+)/.exec(q)?.[1] ?? -1),
    pageSize: Number(/page_size:(\d+)/.exec(q)?.[1] ?? -1),
    q,
  };
}

describe('SQL Lab database picker', () => {
  it('reads the exposed databases 100 at a time, the next page past 70 % of the scroll', async () => {
    const asked: { page: number; pageSize: number; q: string }[] = [];
    stubFetch((url) => {
      if (url.startsWith('/api/v1/database/?')) {
        const request = pageOf(url);
        asked.push(request);
        const result = Array.from({ length: request.pageSize }, (_, offset) => {
          const id = request.page * request.pageSize + offset + 1;
          return databaseItem({ id, database_name: `db ${String(id).padStart(3, '0')}` });
        }).filter((item) => item.id <= 150);
        return jsonResponse(200, { count: 150, ids: result.map((item) => item.id), result });
      }
      return jsonResponse(404, {});
    });
    renderPicker('database', { dbId: null, schema: null });
    openSelect('sqllab-database-select');
    await waitFor(() => expect(optionTitles()).toContain('db 001'));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.page).toBe(0);
    expect(asked[0]?.pageSize).toBe(100);
    expect(asked[0]?.q).toContain('(col:expose_in_sqllab,opr:eq,value:!t)');

    scrollList(0.5);
    expect(asked).toHaveLength(1);
    scrollList(0.75);
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.page).toBe(1);
    expect(asked[1]?.pageSize).toBe(100);
  });

  it('sends the search to the server and keeps the picked database on the tab', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      if (url.startsWith('/api/v1/database/?')) {
        asked.push(pageOf(url).q);
        const result = [databaseItem({ id: 7, database_name: 'warehouse' })];
        return jsonResponse(200, { count: 1, ids: [7], result });
      }
      return jsonResponse(404, {});
    });
    const { tabState } = renderPicker('database', { dbId: null, schema: 'old' }, [
      database({ id: 7, database_name: 'warehouse' }),
    ]);
    openSelect('sqllab-database-select');
    typeSearch('sqllab-database-select', 'ware');
    await waitFor(() =>
      expect(asked.some((q) => q.includes('(col:database_name,opr:ct,value:ware)'))).toBe(true),
    );
    await pickOption('sqllab-database-select', 'warehouse');
    expect(tabState()?.dbId).toBe(7);
    expect(tabState()?.schema).toBeNull();
    await waitFor(() => expect(byDataTest('sqllab-database-select').textContent).toContain('warehouse'));
  });
});

describe('SQL Lab schema and table pickers', () => {
  function serveTables(count: number) {
    return stubFetch((url) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (url.startsWith('/api/v1/database/3/schemas/'))
        return jsonResponse(200, { result: ['main', 'sales'] });
      if (url.startsWith('/api/v1/database/3/tables/')) {
        const result = Array.from({ length: count }, (_, index) => ({
          value: tableName(index),
          type: index % 2 === 0 ? 'table' : 'view',
          extra: null,
        }));
        return jsonResponse(200, { count, result });
      }
      return jsonResponse(404, { message: 'not stubbed' });
    });
  }

  it('sets the tab schema from the database schemas', async () => {
    serveTables(1);
    const { tabState } = renderPicker('schema', { dbId: 3, schema: null });
    await pickOption('sqllab-schema-select', 'sales');
    expect(tabState()?.schema).toBe('sales');
    await waitFor(() => expect(byDataTest('sqllab-schema-select').textContent).toContain('sales'));
  });

  it('pages a whole table list 100 at a time, searches all of it, and adds the picked table', async () => {
    const fetchMock = serveTables(150);
    const { store } = renderPicker('table', { dbId: 3, schema: 'main' });
    openSelect('sqllab-table-select');
    await waitFor(() => expect(optionTitles()).toContain(tableName(0)));
    // The list holds one page, as tall as 100 choices, until the next page is read.
    const firstHeight = listContentHeight();
    expect(firstHeight).toBeGreaterThan(0);
    scrollList(0.5);
    expect(listContentHeight()).toBe(firstHeight);
    scrollList(0.8);
    await waitFor(() => expect(listContentHeight()).toBeCloseTo((firstHeight * 150) / 100));

    // The search reaches tables beyond the first page, and only one read of the list was made.
    typeSearch('sqllab-table-select', 'T_14');
    await waitFor(() =>
      expect(optionTitles()).toEqual(Array.from({ length: 10 }, (_, d) => tableName(140 + d))),
    );
    expect(fetchMock.mock.calls.filter(([url]) => url.includes('/tables/'))).toHaveLength(1);

    await pickOption('sqllab-table-select', tableName(142));
    await waitFor(() =>
      expect(selectEditorTables(sqlLabState(store.getState()), 'tab1').map((table) => table.name)).toEqual([
        tableName(142),
      ]),
    );
    // The picker only adds: it is empty again, showing its placeholder.
    expect(byDataTest('sqllab-table-select').textContent).not.toContain(tableName(142));
    expect(byDataTest('sqllab-table-select').textContent).toContain('Add a table…');
  });
});
