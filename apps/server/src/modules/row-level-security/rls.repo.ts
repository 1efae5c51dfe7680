import type { RlsFilterType } from '@tessera/contracts';
import { sql } from 'kysely';
import { nowIso, type MetadataDb } from '../../db/kysely';
import { containsText } from '../../db/like';
import type { RlsFiltersTable } from '../../db/schema';

export type RlsRow = Omit<RlsFiltersTable, 'id'> & { id: number };

/** A rule with the name of the user who last changed it. */
export type RlsView = RlsRow & { changed_first_name: string | null; changed_last_name: string | null };

export function selectRlsViews(db: MetadataDb) {
  return db
    .selectFrom('rls_filters as f')
    .leftJoin('users as mu', 'mu.id', 'f.changed_by_fk')
    .selectAll('f')
    .select(['mu.first_name as changed_first_name', 'mu.last_name as changed_last_name']);
}

export async function findRlsView(db: MetadataDb, id: number): Promise<RlsView | undefined> {
  return selectRlsViews(db).where('f.id', '=', id).executeTakeFirst();
}

export interface RlsLinks {
  tables: Map<number, { id: number; schema: string | null; table_name: string }[]>;
  roles: Map<number, { id: number; name: string }[]>;
}

/** The datasets and roles of some rules, by rule id, each list ordered by name. */
export async function linksOfRules(db: MetadataDb, ids: readonly number[]): Promise<RlsLinks> {
  const links: RlsLinks = { tables: new Map(), roles: new Map() };
  if (ids.length === 0) return links;
  const tables = await db
    .selectFrom('rls_filter_tables as l')
    .innerJoin('datasets as d', 'd.id', 'l.table_id')
    .select(['l.rls_filter_id', 'd.id', 'd.schema', 'd.table_name'])
    .where('l.rls_filter_id', 'in', [...ids])
    .orderBy('d.table_name')
    .orderBy('d.id')
    .execute();
  for (const { rls_filter_id, ...table } of tables)
    links.tables.set(rls_filter_id, [...(links.tables.get(rls_filter_id) ?? []), table]);
  const roles = await db
    .selectFrom('rls_filter_roles as l')
    .innerJoin('roles as r', 'r.id', 'l.role_id')
    .select(['l.rls_filter_id', 'r.id', 'r.name'])
    .where('l.rls_filter_id', 'in', [...ids])
    .orderBy('r.name')
    .execute();
  for (const { rls_filter_id, ...role } of roles)
    links.roles.set(rls_filter_id, [...(links.roles.get(rls_filter_id) ?? []), role]);
  return links;
}

export async function existingDatasetIds(db: MetadataDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('datasets')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function existingRoleIds(db: MetadataDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('roles')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function ruleNameTaken(db: MetadataDb, name: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('rls_filters').select('id').where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface RlsWrite {
  name: string;
  description: string | null;
  filter_type: RlsFilterType;
  group_key: string | null;
  clause: string;
}

async function setLinks(db: MetadataDb, id: number, tables?: readonly number[], roles?: readonly number[]) {
  if (tables !== undefined) {
    await db.deleteFrom('rls_filter_tables').where('rls_filter_id', '=', id).execute();
    const unique = [...new Set(tables)];
    if (unique.length > 0)
      await db
        .insertInto('rls_filter_tables')
        .values(unique.map((table_id) => ({ rls_filter_id: id, table_id })))
        .execute();
  }
  if (roles !== undefined) {
    await db.deleteFrom('rls_filter_roles').where('rls_filter_id', '=', id).execute();
    const unique = [...new Set(roles)];
    if (unique.length > 0)
      await db
        .insertInto('rls_filter_roles')
        .values(unique.map((role_id) => ({ rls_filter_id: id, role_id })))
        .execute();
  }
}

export async function insertRule(
  db: MetadataDb,
  values: RlsWrite,
  tables: readonly number[],
  roles: readonly number[],
  userId: number,
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('rls_filters')
    .values({ ...values, created_by_fk: userId, changed_by_fk: userId, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setLinks(db, row.id, tables, roles);
  return row.id;
}

export async function updateRule(
  db: MetadataDb,
  id: number,
  patch: Partial<RlsWrite>,
  tables: readonly number[] | undefined,
  roles: readonly number[] | undefined,
  userId: number,
): Promise<void> {
  await db
    .updateTable('rls_filters')
    .set({ ...patch, changed_by_fk: userId, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
  await setLinks(db, id, tables, roles);
}

export async function existingRuleIds(db: MetadataDb, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('rls_filters')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function deleteRules(db: MetadataDb, ids: readonly number[]): Promise<void> {
  // Links go first: SQLite enforces the cascade only with foreign keys on, and this needs no setting.
  await db
    .deleteFrom('rls_filter_tables')
    .where('rls_filter_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('rls_filter_roles')
    .where('rls_filter_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('rls_filters')
    .where('id', 'in', [...ids])
    .execute();
}

/** One rule as it bears on a query: a dataset it names, with that dataset's table. */
export interface ApplicableRuleRow {
  id: number;
  filter_type: RlsFilterType;
  group_key: string | null;
  clause: string;
  dataset_id: number;
  database_id: number;
  schema: string | null;
  table_name: string;
  physical: boolean;
}

/** Every rule with each dataset it names (one row per link), and the names of each rule's roles. */
export async function allRuleLinks(
  db: MetadataDb,
): Promise<{ rules: ApplicableRuleRow[]; roles: Map<number, string[]> }> {
  const rows = await db
    .selectFrom('rls_filters as f')
    .innerJoin('rls_filter_tables as l', 'l.rls_filter_id', 'f.id')
    .innerJoin('datasets as d', 'd.id', 'l.table_id')
    .select([
      'f.id',
      'f.filter_type',
      'f.group_key',
      'f.clause',
      'd.id as dataset_id',
      'd.database_id',
      'd.schema',
      'd.table_name',
      sql<number>`case when d.sql is null or trim(d.sql) = '' then 1 else 0 end`.as('physical'),
    ])
    .orderBy('f.id')
    .execute();
  const links = await db
    .selectFrom('rls_filter_roles as l')
    .innerJoin('roles as r', 'r.id', 'l.role_id')
    .select(['l.rls_filter_id', 'r.name'])
    .execute();
  const roles = new Map<number, string[]>();
  for (const link of links)
    roles.set(link.rls_filter_id, [...(roles.get(link.rls_filter_id) ?? []), link.name]);
  return { rules: rows.map((row) => ({ ...row, physical: row.physical === 1 })), roles };
}

/** `related/tables`: datasets whose name holds the filter text, by name. */
export async function relatedDatasets(
  db: MetadataDb,
  query: { filter: string; page: number; page_size: number },
): Promise<{ count: number; rows: { id: number; schema: string | null; table_name: string }[] }> {
  let base = db.selectFrom('datasets');
  const text = query.filter.trim();
  if (text !== '') base = base.where(containsText('table_name', text));
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['id', 'schema', 'table_name'])
    .orderBy('table_name')
    .orderBy('id')
    .limit(query.page_size)
    .offset(query.page * query.page_size)
    .execute();
  return { count: Number(count?.n ?? 0), rows };
}

/** `related/roles`: roles whose name holds the filter text, by name. */
export async function relatedRoleRows(
  db: MetadataDb,
  query: { filter: string; page: number; page_size: number },
): Promise<{ count: number; rows: { id: number; name: string }[] }> {
  let base = db.selectFrom('roles');
  const text = query.filter.trim();
  if (text !== '') base = base.where(containsText('name', text));
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['id', 'name'])
    .orderBy('name')
    .limit(query.page_size)
    .offset(query.page * query.page_size)
    .execute();
  return { count: Number(count?.n ?? 0), rows };
}
