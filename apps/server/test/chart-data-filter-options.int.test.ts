import type { LightMyRequestResponse } from 'fastify';
import type { QueryContext } from '@tessera/contracts';
import { filterOptionsQueryContext, type FilterOptionsQueryInput } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctValuesCache } from '../src/modules/chart-data/run-query-context';
import { pgAdminQuery } from './engine-admin';
import { startTestServer, withPgAdmin, type TestServer } from './harness';
import { createDatabase, createUser, examplesDatabaseId } from './sqllab-support';

/**
 * A select filter's options (form_data.viz_type 'filter_select') are pages and searches cut from one
 * cached list of the column's values (issue #13 benchmark: < 200 ms per keystroke on 100,000 values).
 * Each answer must be the one SQL gives: the same request as result_type 'post_processed' always goes
 * to SQL and answers the same item.
 */

interface Item {
  is_cached: boolean;
  cached_dttm: string | null;
  data: Record<string, unknown>[];
  [key: string]: unknown;
}

/** What must be equal between the list's answer and SQL's. */
const SAME = [
  'data',
  'colnames',
  'coltypes',
  'rowcount',
  'sql_rowcount',
  'query',
  'applied_filters',
  'rejected_filters',
  'applied_template_filters',
  'label_map',
  'indexnames',
  'from_dttm',
  'to_dttm',
  'status',
  'error',
  'cache_timeout',
  'result_format',
] as const;

const PG_NAME = `tessera_fopts_${String(process.pid)}`;

describe('select filter options from the cached list of values', () => {
  let server: TestServer;
  let admin: string;
  let birthNames: number;
  let people: number;

  const post = (body: unknown, token = admin): Promise<LightMyRequestResponse> =>
    server.request('POST', '/api/v1/chart/data', { token, body });
  const itemOf = async (body: QueryContext, token = admin): Promise<Item> => {
    const response = await post(body, token);
    expect(response.statusCode, response.body).toBe(200);
    const [item] = response.json<{ result: Item[] }>().result;
    if (!item) throw new Error('no item');
    return item;
  };
  const options = (input: FilterOptionsQueryInput): QueryContext => filterOptionsQueryContext(input);
  /** The same request through SQL: post_processed never reads the list. */
  const viaSql = (body: QueryContext): Promise<Item> => itemOf({ ...body, result_type: 'post_processed' });
  const expectSame = (fromList: Item, fromSql: Item) => {
    for (const key of SAME) expect(fromList[key], key).toEqual(fromSql[key]);
    expect(Object.keys(fromList).sort()).toEqual(Object.keys(fromSql).sort());
  };
  const settle = () => distinctValuesCache(server.ctx).settled();
  const datasetOf = async (databaseId: number, table: string, schema: string): Promise<number> => {
    const response = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: admin,
      body: { table_name: table, database_id: databaseId, schema },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: { table_id: number } }>().result.table_id;
  };

  beforeAll(async () => {
    await withPgAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${PG_NAME} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${PG_NAME}`);
    });
    await pgAdminQuery(
      PG_NAME,
      `CREATE TABLE people (name text, city text, team text, n integer);
       INSERT INTO people VALUES
         ('Joan', 'Paris', 'red', 1), ('joan', 'Paris', 'blue', 2), ('JOHN', 'Lyon', 'red', 3),
         ('Ajoy', 'Oslo', 'red', 4), ('Bob', 'Oslo', 'blue', 5), (NULL, 'Oslo', 'red', 6),
         (NULL, '\u0130zmir', 'blue', 7), ('Zoe', 'Nice', 'red', 8), ('Mo_Jo', 'Nice', 'blue', 9),
         ('Jo%', 'Nice', 'red', 10), ('Bob', 'Paris', 'red', 11);`,
    );
    server = await startTestServer('sqlite', { examples: true });
    admin = await server.token();
    birthNames = await datasetOf(await examplesDatabaseId(server, admin), 'birth_names', 'main');
    const pgDb = await createDatabase(server, admin, {
      database_name: PG_NAME,
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${PG_NAME}`,
    });
    people = await datasetOf(pgDb, 'people', 'public');
  });

  afterAll(async () => {
    await server.close();
    await withPgAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${PG_NAME} WITH (FORCE)`));
  });

  it('answers pages and searches of the examples as SQL does, from the list once it is read', async () => {
    const first = options({ datasetId: birthNames, column: 'name' });
    // The first page is SQL's while the list is read behind it.
    expect((await itemOf(first)).is_cached).toBe(false);
    const cases: FilterOptionsQueryInput[] = [
      { datasetId: birthNames, column: 'name', page: 1 },
      { datasetId: birthNames, column: 'name', search: 'an' },
      { datasetId: birthNames, column: 'name', search: 'AN', page: 1 },
      { datasetId: birthNames, column: 'name', search: 'zzzz' },
      { datasetId: birthNames, column: 'name', search: 'ar', sortAscending: false },
      {
        datasetId: birthNames,
        column: 'name',
        search: 'ar',
        parentFilters: [{ col: 'gender', op: 'IN', val: ['girl'] }],
      },
    ];
    for (const input of cases) {
      // Another sort or other parents is another list: its first page reads it.
      await itemOf(options({ ...input, search: undefined, page: 0 }));
      await settle();
      const body = options(input);
      const fromSql = await viaSql(body);
      const fromList = await itemOf(body);
      expect(fromList.is_cached, JSON.stringify(input)).toBe(true);
      expectSame(fromList, fromSql);
    }
    const searched = await itemOf(options({ datasetId: birthNames, column: 'name', search: 'an' }));
    expect(searched.data.length).toBeGreaterThan(0);
    expect(searched.data.every((row) => String(row.name).toLowerCase().includes('an'))).toBe(true);
  });

  it('answers from memory with no scan: nulls, case, wildcard characters, other filters, paging', async () => {
    const body = (input: Omit<FilterOptionsQueryInput, 'datasetId' | 'column'>): QueryContext => {
      const context = options({ datasetId: people, column: 'name', ...input });
      // Pages of 3 so paging shows on a small table.
      const row_offset = (input.page ?? 0) * 3;
      return { ...context, queries: context.queries.map((q) => ({ ...q, row_limit: 3, row_offset })) };
    };
    const cases: Omit<FilterOptionsQueryInput, 'datasetId' | 'column'>[] = [
      {},
      { page: 1 },
      { page: 2 },
      { page: 3 },
      { sortAscending: false },
      { search: 'jo' },
      { search: 'JO', page: 1 },
      { search: 'nothing' },
      { search: 'o', parentFilters: [{ col: 'team', op: 'IN', val: ['red'] }] },
    ];
    // SQL first, then the lists are read, then the table is renamed: only memory can answer after that.
    const expected = await Promise.all(cases.map((input) => viaSql(body(input))));
    for (const input of cases) await itemOf(body({ ...input, search: undefined, page: 0 }));
    await settle();
    await pgAdminQuery(PG_NAME, 'ALTER TABLE people RENAME TO people_moved');
    try {
      for (const [index, input] of cases.entries()) {
        const fromList = await itemOf(body(input));
        expect(fromList.is_cached, JSON.stringify(input)).toBe(true);
        expectSame(fromList, expected[index] ?? fromList);
      }
      // Nine values (NULL once) in pages of 3: NULL sorts last ascending on PostgreSQL, first descending.
      expect(expected[2]?.data.at(-1)?.name).toBeNull();
      expect(expected[3]?.data).toEqual([]);
      expect(expected[4]?.data[0]?.name).toBeNull();
      // ILIKE never matches NULL, and matches every case.
      expect(expected[5]?.data).toHaveLength(3);
      for (const row of [...(expected[5]?.data ?? []), ...(expected[6]?.data ?? [])])
        expect(String(row.name).toLowerCase()).toContain('jo');
      // Wildcards in the search are matched by SQL, so they need the table.
      expect((await post(body({ search: 'o%' }))).statusCode).toBe(400);
      expect((await post(body({ search: 'o_' }))).statusCode).toBe(400);
    } finally {
      await pgAdminQuery(PG_NAME, 'ALTER TABLE people_moved RENAME TO people');
    }
  });

  it('force reads the table again and drops the list; the next list sees the new values', async () => {
    const search = (term: string, force = false): QueryContext => ({
      ...options({ datasetId: people, column: 'name', search: term }),
      force,
    });
    await itemOf(search('Zo'));
    await settle();
    await pgAdminQuery(PG_NAME, "INSERT INTO people VALUES ('Zora', 'Nice', 'red', 12)");
    try {
      expect((await itemOf(search('zo'))).data.map((row) => row.name)).toEqual(['Zoe']);
      const forced = await itemOf(search('zo', true));
      expect(forced.is_cached).toBe(false);
      expect(forced.data.map((row) => row.name)).toEqual(['Zoe', 'Zora']);
      // The list was dropped: the next search asks SQL and reads a new list behind it.
      expect((await itemOf(search('zor'))).is_cached).toBe(false);
      await settle();
      const fresh = await itemOf(search('ZO'));
      expect(fresh.is_cached).toBe(true);
      expect(fresh.data.map((row) => row.name)).toEqual(['Zoe', 'Zora']);
    } finally {
      await pgAdminQuery(PG_NAME, "DELETE FROM people WHERE name = 'Zora'");
    }
  });

  it('searches values Unicode folds into ASCII by SQL, as the engine would match them', async () => {
    const search = options({ datasetId: people, column: 'city', search: 'i' });
    await itemOf(options({ datasetId: people, column: 'city' }));
    await settle();
    const answer = await itemOf(search);
    expect(answer.is_cached).toBe(false);
    expectSame(answer, await viaSql(search));
  });

  it('reads no list for requests that are not a select filter, and keeps access checks', async () => {
    const marked = options({ datasetId: people, column: 'team', search: 'R' });
    const { form_data: _marker, ...unmarked } = options({ datasetId: people, column: 'team' });
    await itemOf(unmarked);
    await settle();
    const moved = async (check: () => Promise<void>) => {
      await pgAdminQuery(PG_NAME, 'ALTER TABLE people RENAME TO people_moved');
      try {
        await check();
      } finally {
        await pgAdminQuery(PG_NAME, 'ALTER TABLE people_moved RENAME TO people');
      }
    };
    // The unmarked first page read no list: the search has to go to the (moved) table.
    await moved(async () => {
      expect((await post(marked)).statusCode).toBe(400);
    });
    await settle();
    // That search's own read of the list failed on the moved table and left SQL in charge for a minute.
    distinctValuesCache(server.ctx).clear();
    // The marked first page is the unmarked one's cached page, and still reads the list behind it.
    expect((await itemOf(options({ datasetId: people, column: 'team' }))).is_cached).toBe(true);
    await settle();
    await moved(async () => {
      expect((await itemOf(marked)).data.map((row) => row.team)).toEqual(['red']);
      // A user who may not read the dataset gets its 404, list or no list.
      const gamma = await createUser(server, admin, 'gamma_fopts', 'Gamma');
      expect((await post(marked, gamma)).statusCode).toBe(404);
    });
  });
});
