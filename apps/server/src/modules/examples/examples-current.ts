import { existsSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { EXAMPLE_TABLE_SPECS } from './generate';

/**
 * Whether an examples file holds every example table with exactly the columns this version
 * generates. Older data dirs carry an 11-column wb_health_population where Superset's charts and
 * dataset bundles need its 328 columns; such a file is rebuilt. A file that cannot be read here
 * (another handle holds it with other settings) is left alone: only a file known to differ is rebuilt.
 */
export async function examplesFileIsCurrent(file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  let instance: DuckDBInstance | undefined;
  try {
    instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'main' ORDER BY table_name, ordinal_position",
      );
      const found = new Map<string, string[]>();
      for (const [table, column] of reader.getRows()) {
        const names = found.get(String(table)) ?? [];
        names.push(String(column));
        found.set(String(table), names);
      }
      return EXAMPLE_TABLE_SPECS.every(
        (spec) => found.get(spec.name)?.join('\n') === spec.columns.map((column) => column.name).join('\n'),
      );
    } finally {
      connection.closeSync();
    }
  } catch {
    return true;
  } finally {
    instance?.closeSync();
  }
}
