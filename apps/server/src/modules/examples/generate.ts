import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { birthNamesTable } from './birth-names';
import { loadTable } from './load-table';
import { createRng, type Rng } from './prng';
import { salesTable } from './sales';
import type { TableSpec } from './table-spec';
import { worldHealthTable } from './world-health';

/** Names of the tables in schema `main` of the examples database, in load order. */
export const EXAMPLE_TABLES = ['birth_names', 'sales', 'wb_health_population'] as const;
export type ExampleTableName = (typeof EXAMPLE_TABLES)[number];

/** The seed used when none is given; changing it changes every example row. */
export const DEFAULT_EXAMPLES_SEED = 0x7e55e7a;

export const EXAMPLE_TABLE_SPECS: readonly TableSpec[] = [birthNamesTable, salesTable, worldHealthTable];

export interface ExamplesSummary {
  tables: { name: string; rows: number }[];
  /** Absolute path of the finished DuckDB file. */
  file: string;
}

export interface GenerateExamplesOptions {
  /** Same seed, same rows. Defaults to DEFAULT_EXAMPLES_SEED. */
  seed?: number;
}

/** A DuckDB database is its file plus, while open or after a crash, a write-ahead log beside it. */
async function removeDatabaseFiles(file: string): Promise<void> {
  await rm(file, { force: true });
  await rm(`${file}.wal`, { force: true });
}

/**
 * Builds the examples database at targetFile. Rows go into `${targetFile}.tmp-<pid>`, which is
 * checkpointed, closed and only then renamed over the target, so readers see either the old file
 * or the complete new one, never a half-built one. No DuckDB handle stays open afterwards.
 */
export async function generateExamples(
  targetFile: string,
  options: GenerateExamplesOptions = {},
): Promise<ExamplesSummary> {
  const target = resolve(targetFile);
  const temporary = `${target}.tmp-${process.pid}`;
  await mkdir(dirname(target), { recursive: true });
  await removeDatabaseFiles(temporary);

  try {
    const tables = await buildDatabase(temporary, createRng(options.seed ?? DEFAULT_EXAMPLES_SEED));
    // A log left by an older file would be replayed onto the new one when it is opened.
    await rm(`${target}.wal`, { force: true });
    await rename(temporary, target);
    return { tables, file: target };
  } catch (error) {
    await removeDatabaseFiles(temporary);
    throw error;
  }
}

/** Writes every example table into a fresh database file and closes it again, checkpointed. */
async function buildDatabase(file: string, rng: Rng): Promise<ExamplesSummary['tables']> {
  const tables: ExamplesSummary['tables'] = [];
  const instance = await DuckDBInstance.create(file);
  try {
    const connection = await instance.connect();
    try {
      for (const table of EXAMPLE_TABLE_SPECS) {
        // Each table draws from its own stream so that tables never shift one another's rows.
        const rows = await loadTable(connection, table, rng.fork(table.name));
        tables.push({ name: table.name, rows });
      }
      // Folds the write-ahead log into the file so that it is complete on its own.
      await connection.run('CHECKPOINT');
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
  return tables;
}
