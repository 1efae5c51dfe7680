import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplesFileIsCurrent } from './examples-current';
import { EXAMPLE_TABLE_SPECS } from './generate';

let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'tessera-examples-current-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** An examples file whose tables are the specs' (empty), with `change` run on it afterwards. */
async function examplesFile(name: string, change?: string): Promise<string> {
  const file = join(workDir, name);
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  for (const spec of EXAMPLE_TABLE_SPECS) {
    const columns = spec.columns.map((column) => `"${column.name}" ${column.type}`).join(', ');
    await connection.run(`CREATE TABLE main."${spec.name}" (${columns})`);
  }
  if (change !== undefined) await connection.run(change);
  await connection.run('CHECKPOINT');
  connection.closeSync();
  instance.closeSync();
  return file;
}

describe('examplesFileIsCurrent', () => {
  it('accepts a file with every example table and its columns', async () => {
    expect(await examplesFileIsCurrent(await examplesFile('current.duckdb'))).toBe(true);
  });

  it('refuses the 11-column wb_health_population of older versions', async () => {
    const file = await examplesFile(
      'old-wb.duckdb',
      'DROP TABLE wb_health_population; CREATE TABLE wb_health_population (country_name VARCHAR, country_code VARCHAR, region VARCHAR, year TIMESTAMP, SP_POP_TOTL DOUBLE, SP_DYN_LE00_IN DOUBLE, SP_RUR_TOTL_ZS DOUBLE, SP_RUR_TOTL DOUBLE, SH_DYN_AIDS DOUBLE, NY_GNP_PCAP_CD DOUBLE, SP_URB_TOTL DOUBLE)',
    );
    expect(await examplesFileIsCurrent(file)).toBe(false);
  });

  it('refuses a file missing a table, and a missing file', async () => {
    expect(await examplesFileIsCurrent(await examplesFile('no-sales.duckdb', 'DROP TABLE sales'))).toBe(
      false,
    );
    expect(await examplesFileIsCurrent(join(workDir, 'absent.duckdb'))).toBe(false);
  });
});
