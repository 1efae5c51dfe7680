import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTable } from './load-table';
import { createRng } from './prng';
import { epochDay, type Cell, type TableSpec } from './table-spec';

let instance: DuckDBInstance;
let connection: DuckDBConnection;

beforeEach(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});

afterEach(() => {
  connection.closeSync();
  instance.closeSync();
});

const spec = (rows: (readonly Cell[])[]): TableSpec => ({
  name: 'probe',
  columns: [
    { name: 'label', type: 'VARCHAR' },
    { name: 'd', type: 'DATE' },
    { name: 'ts', type: 'TIMESTAMP' },
    { name: 'price', type: 'DECIMAL(10,2)' },
    { name: 'big', type: 'BIGINT' },
    { name: 'ratio', type: 'DOUBLE', nullable: true },
  ],
  rows: () => rows,
});

describe('loadTable', () => {
  it('writes each column type faithfully: days as dates and midnights, hundredths as decimals', async () => {
    const day = epochDay(2024, 2, 29);
    const count = await loadTable(
      connection,
      spec([
        ['a', day, day, 123_456, 9_007_199_254_740_991, 0.125],
        ['b', 0, 0, -5, 0, null],
      ]),
      createRng(1),
    );
    expect(count).toBe(2);
    const reader = await connection.runAndReadAll(
      'SELECT label, d::VARCHAR AS d, ts::VARCHAR AS ts, price::VARCHAR AS price, big::VARCHAR AS big, ratio FROM probe ORDER BY label',
    );
    expect(reader.getRowObjectsJson()).toEqual([
      {
        label: 'a',
        d: '2024-02-29',
        ts: '2024-02-29 00:00:00',
        price: '1234.56',
        big: '9007199254740991',
        ratio: 0.125,
      },
      { label: 'b', d: '1970-01-01', ts: '1970-01-01 00:00:00', price: '-0.05', big: '0', ratio: null },
    ]);
  });

  it('refuses a NULL in a NOT NULL column, a wrong type, a fractional decimal and a short row', async () => {
    await expect(loadTable(connection, spec([[null, 0, 0, 1, 1, 1]]), createRng(1))).rejects.toThrow(
      /probe\.label/,
    );
    await connection.run('DROP TABLE probe');
    await expect(
      loadTable(connection, spec([['x', '2024-01-01', 0, 1, 1, 1]]), createRng(1)),
    ).rejects.toThrow(/probe\.d\b/);
    await connection.run('DROP TABLE probe');
    await expect(loadTable(connection, spec([['x', 0, 0, 1.5, 1, 1]]), createRng(1))).rejects.toThrow(
      /probe\.price/,
    );
    await connection.run('DROP TABLE probe');
    await expect(loadTable(connection, spec([['x', 0, 0]]), createRng(1))).rejects.toThrow(
      /3 cells, expected 6/,
    );
  });

  it('loads a sparse table: only the filled columns travel, the others stay NULL', async () => {
    const sparse: TableSpec = {
      name: 'wide',
      columns: [
        { name: 'key', type: 'VARCHAR' },
        { name: 'empty_a', type: 'DOUBLE', nullable: true },
        { name: 'value', type: 'DOUBLE', nullable: true },
        { name: 'empty_b', type: 'INTEGER', nullable: true },
      ],
      filled: ['key', 'value'],
      rows: () => [
        ['x', 1.5],
        ['y', null],
      ],
    };
    expect(await loadTable(connection, sparse, createRng(1))).toBe(2);
    const reader = await connection.runAndReadAll('SELECT * FROM wide ORDER BY key');
    expect(reader.getRowObjectsJson()).toEqual([
      { key: 'x', empty_a: null, value: 1.5, empty_b: null },
      { key: 'y', empty_a: null, value: null, empty_b: null },
    ]);
    // The staging table is gone once the load is done.
    const temps = await connection.runAndReadAll(
      'SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE temporary',
    );
    expect(temps.getRowObjectsJson()).toEqual([{ n: 0 }]);
  });

  it('refuses a sparse table that would leave a NOT NULL column empty or names an unknown column', async () => {
    const base = { name: 'wide', rows: () => [['x']] } as const;
    await expect(
      loadTable(
        connection,
        {
          ...base,
          columns: [
            { name: 'key', type: 'VARCHAR' },
            { name: 'must', type: 'DOUBLE' },
          ],
          filled: ['key'],
        },
        createRng(1),
      ),
    ).rejects.toThrow(/wide\.must is never filled/);
    await connection.run('DROP TABLE wide');
    await expect(
      loadTable(
        connection,
        { ...base, columns: [{ name: 'key', type: 'VARCHAR' }], filled: ['nope'] },
        createRng(1),
      ),
    ).rejects.toThrow(/no column nope/);
  });
});
