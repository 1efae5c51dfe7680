import type { Engine } from '@tessera/contracts';
import type { DatabaseRow } from '../databases/registry';
import { canUseWholeDatabase, grantedSchemas } from '../security/grants';
import type { Principal } from '../security/principal';
import { queryFailure } from './failure';
import { extractTables } from '@tessera/sql';

/**
 * Refuses SQL that reads a schema the caller holds no schema_access on, when their access to this
 * database is schema by schema. Tables are found by the tokenizer: unqualified ones are in `schema`
 * (the editor's schema, where the session runs), and with no schema chosen they are refused.
 */
export function assertSqlSchemas(
  principal: Principal,
  database: DatabaseRow,
  engine: Engine,
  sql: string,
  schema: string | null,
  writeSchemas: readonly (string | null)[] = [],
): void {
  if (canUseWholeDatabase(principal, database)) return;
  const granted = grantedSchemas(principal, database);
  if (schema !== null && !granted.has(schema)) throw schemaRefused([schema]);
  const refused = new Set<string>();
  for (const ref of extractTables(sql, engine)) {
    const where = ref.schema ?? schema;
    if (where === null || !granted.has(where))
      refused.add(where === null ? ref.table : `${where}.${ref.table}`);
  }
  for (const target of writeSchemas) {
    if (target !== null && !granted.has(target)) refused.add(`${target}.*`);
  }
  if (refused.size > 0) {
    throw queryFailure(
      403,
      'TABLE_SECURITY_ACCESS_ERROR',
      `You do not have access to the following tables: ${[...refused].join(', ')}. Choose a schema you were granted, or ask an admin for access.`,
    );
  }
}

function schemaRefused(schemas: string[]) {
  return queryFailure(
    403,
    'TABLE_SECURITY_ACCESS_ERROR',
    `You do not have access to the schema ${schemas.join(', ')} of this database.`,
  );
}
