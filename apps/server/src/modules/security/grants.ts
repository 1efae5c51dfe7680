import { sql, type Expression, type SqlBool } from 'kysely';
import type { Principal } from './principal';

/** The parts of a database row that name its access permissions. */
export interface DatabaseRef {
  id: number;
  database_name: string;
}

/** The parts of a dataset row that name its access permissions. */
export interface DatasetRef {
  id: number;
  table_name: string;
  schema: string | null;
}

/** Superset's perm strings: `[db].(id:N)`, `[db].[schema]`, `[db].[table](id:N)`. */
export const databaseAccessView = (db: DatabaseRef): string => `[${db.database_name}].(id:${db.id})`;
export const schemaAccessView = (databaseName: string, schema: string): string =>
  `[${databaseName}].[${schema}]`;
export const datasourceAccessView = (databaseName: string, dataset: DatasetRef): string =>
  `[${databaseName}].[${dataset.table_name}](id:${dataset.id})`;

/** all_datasource_access implies every database, as in Superset's can_access_database. */
export const hasAllDatabaseAccess = (principal: Principal): boolean =>
  principal.can('all_database_access', 'all_database_access') ||
  principal.can('all_datasource_access', 'all_datasource_access');

/** Every schema and table of the database: all_database_access, all_datasource_access or database_access. */
export const canUseWholeDatabase = (principal: Principal, db: DatabaseRef): boolean =>
  hasAllDatabaseAccess(principal) || principal.can('database_access', databaseAccessView(db));

/** The schemas of this database the caller holds schema_access on. */
export function grantedSchemas(principal: Principal, db: DatabaseRef): Set<string> {
  const prefix = `[${db.database_name}].[`;
  const schemas = new Set<string>();
  for (const [permission, view] of principal.pairs) {
    if (permission === 'schema_access' && view.startsWith(prefix) && view.endsWith(']')) {
      schemas.add(view.slice(prefix.length, -1));
    }
  }
  return schemas;
}

/** May use the database at all (SQL Lab, schema and table lists): whole access or some schema in it. */
export const canUseDatabase = (principal: Principal, db: DatabaseRef): boolean =>
  canUseWholeDatabase(principal, db) || grantedSchemas(principal, db).size > 0;

/** May read this schema of the database (null: the database's default, which only whole access covers). */
export const canUseSchema = (principal: Principal, db: DatabaseRef, schema: string | null): boolean =>
  canUseWholeDatabase(principal, db) || (schema !== null && grantedSchemas(principal, db).has(schema));

/**
 * Superset's datasource rule: all_datasource_access, access to its database or schema, datasource_access
 * on it, or ownership.
 */
export const canReadDatasetOf = (
  principal: Principal,
  db: DatabaseRef,
  dataset: DatasetRef,
  ownerIds: readonly number[],
): boolean =>
  canUseSchema(principal, db, dataset.schema) ||
  principal.can('datasource_access', datasourceAccessView(db.database_name, dataset)) ||
  ownerIds.includes(principal.user.id);

const viewsOf = (principal: Principal, permission: string): string[] =>
  principal.pairs.filter(([name]) => name === permission).map(([, view]) => view);

/**
 * canReadDatasetOf in SQL: `<idColumn>` names a dataset the caller reads. Null when every dataset is
 * readable. Perm strings are compared whole, so a renamed object needs its pairs renamed
 * (access-pairs.ts does that).
 */
export function readableDatasetCondition(principal: Principal, idColumn: string): Expression<SqlBool> | null {
  if (hasAllDatabaseAccess(principal)) return null;
  const ors = [
    sql<SqlBool>`rt.id in (select dataset_id from dataset_owners where user_id = ${principal.user.id})`,
  ];
  const databases = viewsOf(principal, 'database_access');
  if (databases.length > 0) {
    ors.push(
      sql<SqlBool>`('[' || rd.database_name || '].(id:' || cast(rd.id as text) || ')') in (${sql.join(databases)})`,
    );
  }
  const schemas = viewsOf(principal, 'schema_access');
  if (schemas.length > 0) {
    ors.push(sql<SqlBool>`('[' || rd.database_name || '].[' || rt.schema || ']') in (${sql.join(schemas)})`);
  }
  const datasources = viewsOf(principal, 'datasource_access');
  if (datasources.length > 0) {
    ors.push(
      sql<SqlBool>`('[' || rd.database_name || '].[' || rt.table_name || '](id:' || cast(rt.id as text) || ')') in (${sql.join(datasources)})`,
    );
  }
  return sql<SqlBool>`${sql.ref(idColumn)} in (select rt.id from datasets rt join databases rd on rd.id = rt.database_id where ${sql.join(ors, sql` or `)})`;
}
