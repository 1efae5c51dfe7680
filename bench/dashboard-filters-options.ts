/**
 * Part 2 of bench/dashboard-filters.ts: the options of a select filter over a column with 100,000
 * distinct values (300,000 rows, indexed), in a PostgreSQL database of its own that the bench creates
 * and drops. Requests are the filter bar's — the body of @tessera/core `filterOptionsQueryContext` (GROUP
 * BY the column through a count, pages of 100, search as ILIKE '%text%', form_data.viz_type
 * 'filter_select') posted to /api/v1/chart/data without force, as the select sends them — and each is
 * timed against its own SQL (from result_type=query) through the raw pg driver on the same database:
 *  - the first page, the first time it is asked (SQL: the server starts reading the column's list behind it);
 *  - the first search right after it (it waits for that read when it is still under way);
 *  - searches as keystrokes: a new text each time, so no cached answer can serve one;
 *  - later pages (lazy loading past 70 %), each asked once;
 *  - the same search with force=true, which always runs the SQL (the engine's overhead over raw pg).
 */
import type { QueryContext } from '@tessera/contracts';
import { filterOptionsQueryContext } from '@tessera/core';
import pg from 'pg';
import { json, median, timeRawQuery, type BenchServer } from './bench-server';

const DISTINCT = 100_000;
/** Three rows per value, so the options query really has to group. */
const ROWS = 300_000;
const RUNS = 7;
const ADMIN_URI = 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface OptionsFigure {
  measure: string;
  /** Median of the runs (one run for the first-time figures). */
  apiMs: number;
  rawMs: number;
  rows: number;
  runs: number;
  /** How the server answered the last run: from a cached page or list, or by SQL. */
  cached: boolean;
}

/** A database of this run's own with the filter table; dropped by the returned function. */
async function createOptionsDatabase(name: string): Promise<{ uri: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: ADMIN_URI });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const uri = `postgresql://postgres@127.0.0.1:5432/${name}`;
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    await client.query(`
      CREATE TABLE filter_customers AS
      SELECT g AS id,
             'customer-' || lpad((g % ${String(DISTINCT)})::text, 6, '0') AS customer,
             (g % 97)::integer AS amount
      FROM generate_series(1, ${String(ROWS)}) AS g`);
    // A filter column of this size is usually indexed; the index serves the ordered first pages.
    await client.query('CREATE INDEX ON filter_customers (customer)');
    await client.query('ANALYZE filter_customers');
  } finally {
    await client.end();
  }
  return {
    uri,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: ADMIN_URI });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

interface Answer {
  ms: number;
  rows: number;
  cached: boolean;
}

export async function benchFilterOptions(server: BenchServer, token: string): Promise<OptionsFigure[]> {
  const database = await createOptionsDatabase(`tessera_bench_options_${String(process.pid)}`);
  const raw = new pg.Client({ connectionString: database.uri });
  await raw.connect();
  try {
    const registered = await json<{ id: number }>(
      await server.api('/api/v1/database/', token, {
        database_name: `bench options ${String(process.pid)}`,
        sqlalchemy_uri: database.uri,
      }),
    );
    const dataset = await json<{ result: { table_id: number } }>(
      await server.api('/api/v1/dataset/get_or_create/', token, {
        table_name: 'filter_customers',
        database_id: registered.id,
        schema: 'public',
      }),
    );
    const options = (page: number, search?: string): QueryContext =>
      filterOptionsQueryContext({ datasetId: dataset.result.table_id, column: 'customer', page, search });
    const ask = async (body: QueryContext): Promise<Answer> => {
      const started = performance.now();
      const answer = await json<{ result: { rowcount: number; is_cached: boolean }[] }>(
        await server.api('/api/v1/chart/data', token, body),
      );
      const ms = performance.now() - started;
      return { ms, rows: answer.result[0]?.rowcount ?? 0, cached: answer.result[0]?.is_cached === true };
    };
    const rawMs = async (body: QueryContext): Promise<number> => {
      const compiled = await json<{ result: { query: string }[] }>(
        await server.api('/api/v1/chart/data', token, { ...body, result_type: 'query' }),
      );
      const sql = compiled.result[0]?.query ?? '';
      await raw.query(sql);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) times.push((await timeRawQuery(raw, sql)).ms);
      return median(times);
    };
    const once = async (measure: string, body: QueryContext): Promise<OptionsFigure> => {
      const answer = await ask(body);
      return {
        measure,
        apiMs: answer.ms,
        rawMs: await rawMs(body),
        rows: answer.rows,
        runs: 1,
        cached: answer.cached,
      };
    };
    const medianOf = async (measure: string, bodies: QueryContext[]): Promise<OptionsFigure> => {
      const answers: Answer[] = [];
      for (const body of bodies) answers.push(await ask(body));
      const raws: number[] = [];
      for (const body of bodies.slice(0, 3)) raws.push(await rawMs(body));
      const last = answers.at(-1);
      return {
        measure,
        apiMs: median(answers.map((answer) => answer.ms)),
        rawMs: median(raws),
        rows: last?.rows ?? 0,
        runs: answers.length,
        cached: last?.cached ?? false,
      };
    };

    // Opens the database's pool with a query no filter makes, so the first page does not pay for it.
    await json(
      await server.api('/api/v1/chart/data', token, {
        datasource: { id: dataset.result.table_id, type: 'table' },
        queries: [
          {
            metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'warm-up' }],
            columns: [],
            row_limit: 1,
          },
        ],
      }),
    );
    const figures: OptionsFigure[] = [];
    figures.push(await once('first page, first time (SQL; the list is read behind it)', options(0)));
    // Asked at once: on a quiet machine the list read started by the first page is still under way.
    figures.push(
      await once("first search 'r-0424' (waits for the list read, if under way)", options(0, 'r-0424')),
    );
    // Keystrokes: texts never asked before, so only the list can serve them without a scan.
    const searches = Array.from({ length: RUNS }, (_, i) => options(0, `0${String(4 + i)}2`));
    figures.push(await medianOf("searches as keystrokes ('042', '052', ...)", searches));
    figures.push(
      await medianOf(
        'first page again (result cache)',
        Array.from({ length: RUNS }, () => options(0)),
      ),
    );
    const pages = Array.from({ length: RUNS }, (_, i) => options(i + 1));
    figures.push(await medianOf('next pages 2-8, each asked once (lazy loading)', pages));
    const forced = Array.from({ length: RUNS }, () => ({ ...options(0, 'r-0424'), force: true }));
    figures.push(await medianOf("search 'r-0424' with force=true (SQL every time)", forced));
    return figures;
  } finally {
    await raw.end();
    await database.drop();
  }
}
