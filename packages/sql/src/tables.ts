import { tokenize } from './lexer';
import { splitTokenRuns } from './split';
import { cteNames, scanTableRefs } from './table-refs';
import type { Engine, TableRef } from './types';

/**
 * Best-effort list of the tables a script reads or writes (for a query's sql_tables), in order of
 * first appearance, without CTE names, table functions or DuckDB file paths.
 */
export function extractTables(sql: string, engine: Engine): TableRef[] {
  const { tokens } = tokenize(sql, engine);
  const seen = new Set<string>();
  const tables: TableRef[] = [];
  for (const run of splitTokenRuns(tokens)) {
    const ctes = cteNames(run, sql);
    for (const ref of scanTableRefs(run, sql)) {
      if (ref.kind !== 'name') continue;
      const table = ref.parts[ref.parts.length - 1];
      if (table === undefined) continue;
      const schema = ref.parts.length >= 2 ? (ref.parts[ref.parts.length - 2] ?? null) : null;
      if (
        schema === null &&
        (ctes.has(table.toLowerCase()) || (engine === 'mysql' && table.toLowerCase() === 'dual'))
      ) {
        continue;
      }
      const key = `${schema ?? ''}\u0000${table}`;
      if (seen.has(key)) continue;
      seen.add(key);
      tables.push({ schema, table });
    }
  }
  return tables;
}
