import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXAMPLE_TABLES, generateExamples, type ExamplesSummary } from './index';
import { openReadOnly, tableChecksumSql, type ReadOnlyDb } from './test-db';
import { WB_INDICATOR_COLUMNS } from './world-health-indicators';

const SLOW = 120_000;

let workDir = '';
let target = '';
let summary: ExamplesSummary;
let db: ReadOnlyDb | undefined;
/** Whether the target and the temporary file existed, sampled while generation ran. */
const samples: { target: boolean; temporary: boolean }[] = [];

function readDb(): ReadOnlyDb {
  if (db === undefined) throw new Error('examples database not opened');
  return db;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'tessera-examples-'));
  target = join(workDir, 'examples.duckdb');
  const temporary = `${target}.tmp-${process.pid}`;
  // Leftovers of an older run: a stray log beside the target and an abandoned temporary file.
  await writeFile(`${target}.wal`, 'stale write-ahead log from an older database');
  await writeFile(temporary, 'half-built file from a crashed run');
  const timer = setInterval(() => {
    samples.push({ target: existsSync(target), temporary: existsSync(temporary) });
  }, 1);
  try {
    summary = await generateExamples(target);
  } finally {
    clearInterval(timer);
  }
  db = await openReadOnly(target);
}, SLOW);

afterAll(async () => {
  db?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('generateExamples', () => {
  it('leaves no writable handle open: another process can open the file read-only', () => {
    const script = [
      "import { DuckDBInstance } from '@duckdb/node-api';",
      "const instance = await DuckDBInstance.create(process.argv[1], { access_mode: 'READ_ONLY' });",
      'const connection = await instance.connect();',
      "const reader = await connection.runAndReadAll('SELECT count(*)::INTEGER AS n FROM main.sales');",
      'process.stdout.write(JSON.stringify(reader.getRowObjectsJson()));',
      'connection.closeSync();',
      'instance.closeSync();',
    ].join('\n');
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, target], {
      cwd: dirname(fileURLToPath(import.meta.url)),
      encoding: 'utf8',
    });
    const [row] = z.array(z.object({ n: z.number() })).parse(JSON.parse(output));
    expect(row?.n).toBe(summary.tables.find((table) => table.name === 'sales')?.rows);
  });

  it('reports every table with its row count', async () => {
    expect(summary.file).toBe(target);
    expect(summary.tables.map((table) => table.name)).toEqual([...EXAMPLE_TABLES]);
    const ranges: Record<string, readonly [number, number]> = {
      birth_names: [70_000, 80_000],
      sales: [90_000, 110_000],
      wb_health_population: [11_500, 12_500],
    };
    for (const table of summary.tables) {
      const [low, high] = ranges[table.name] ?? [0, 0];
      expect(table.rows).toBeGreaterThanOrEqual(low);
      expect(table.rows).toBeLessThanOrEqual(high);
      expect(await readDb().scalar(`SELECT count(*) AS value FROM main."${table.name}"`)).toBe(table.rows);
    }
  });

  it('creates exactly the documented columns and types in schema main', async () => {
    const columns = await readDb().query(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE table_schema = 'main' ORDER BY table_name, ordinal_position`,
      z.object({ table_name: z.string(), column_name: z.string(), data_type: z.string() }),
    );
    const byTable = new Map<string, string[]>();
    for (const column of columns) {
      const list = byTable.get(column.table_name) ?? [];
      list.push(`${column.column_name} ${column.data_type}`);
      byTable.set(column.table_name, list);
    }
    // Superset's wb_health_population: four dimensions and 324 World Bank indicators.
    expect(byTable.get('wb_health_population')).toHaveLength(328);
    expect(Object.fromEntries(byTable)).toEqual({
      birth_names: [
        'ds TIMESTAMP',
        'gender VARCHAR',
        'name VARCHAR',
        'num INTEGER',
        'state VARCHAR',
        'num_boys INTEGER',
        'num_girls INTEGER',
      ],
      sales: [
        'order_number INTEGER',
        'order_date DATE',
        'region VARCHAR',
        'country VARCHAR',
        'city VARCHAR',
        'product_line VARCHAR',
        'product VARCHAR',
        'customer VARCHAR',
        'quantity INTEGER',
        'price_each DECIMAL(10,2)',
        'sales DECIMAL(12,2)',
        'status VARCHAR',
        'deal_size VARCHAR',
      ],
      wb_health_population: [
        'country_name VARCHAR',
        'country_code VARCHAR',
        'region VARCHAR',
        'year TIMESTAMP',
        ...WB_INDICATOR_COLUMNS.map((name) => `${name} DOUBLE`),
      ],
    });
  });

  it('never showed a target file while building, and leaves only the finished file behind', async () => {
    expect(samples.some((sample) => sample.temporary && !sample.target)).toBe(true);
    // The rename runs on a libuv thread, so a sample may see the finished target just before the
    // promise settles; but once the target is there, the temporary must already be gone for good.
    const firstTarget = samples.findIndex((sample) => sample.target);
    if (firstTarget >= 0) {
      expect(samples.slice(firstTarget).every((sample) => sample.target && !sample.temporary)).toBe(true);
    }
    // The stale log is gone (it would have been replayed onto the new file) and no temporary remains.
    expect(await readdir(workDir)).toEqual(['examples.duckdb']);
  });

  it(
    'removes its temporary file and keeps the old target when it cannot finish',
    async () => {
      const blocked = join(workDir, 'blocked');
      // A non-empty directory at the target path makes the final rename fail.
      await mkdir(join(blocked, 'examples.duckdb'), { recursive: true });
      await writeFile(join(blocked, 'examples.duckdb', 'keep.txt'), 'old content');
      await expect(generateExamples(join(blocked, 'examples.duckdb'))).rejects.toThrow();
      expect((await readdir(blocked)).sort()).toEqual(['examples.duckdb']);
      expect(await readdir(join(blocked, 'examples.duckdb'))).toEqual(['keep.txt']);
      await rm(blocked, { recursive: true, force: true });
    },
    SLOW,
  );

  it(
    'is deterministic: the same seed gives identical tables, another seed different ones',
    async () => {
      const again = join(workDir, 'again', 'nested', 'examples.duckdb');
      const reseeded = join(workDir, 'reseeded.duckdb');
      const againSummary = await generateExamples(again);
      await generateExamples(reseeded, { seed: 42 });
      expect(againSummary.tables).toEqual(summary.tables);

      const checksums = async (file: string): Promise<string[]> => {
        const other = await openReadOnly(file);
        try {
          const hashes: string[] = [];
          for (const table of EXAMPLE_TABLES) {
            const [row] = await other.query(
              tableChecksumSql(table),
              z.object({ value: z.string().length(32) }),
            );
            hashes.push(row?.value ?? '');
          }
          return hashes;
        } finally {
          other.close();
        }
      };
      const original = await checksums(target);
      expect(await checksums(again)).toEqual(original);
      const different = await checksums(reseeded);
      EXAMPLE_TABLES.forEach((_, index) => {
        expect(different[index]).not.toBe(original[index]);
      });
    },
    SLOW,
  );
});
