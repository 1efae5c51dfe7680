import type { MetadataDb } from '../../db/kysely';

export interface OwnerRef {
  id: number;
  first_name: string;
  last_name: string;
}

/** The users behind owner ids, in id order; ids of deleted users drop out. */
export async function ownerRefs(db: MetadataDb, ids: readonly number[]): Promise<OwnerRef[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/** Owner refs of many datasets at once, for list pages. */
export async function ownersByDataset(
  db: MetadataDb,
  datasetIds: readonly number[],
): Promise<Map<number, OwnerRef[]>> {
  const byDataset = new Map<number, OwnerRef[]>();
  if (datasetIds.length === 0) return byDataset;
  const rows = await db
    .selectFrom('dataset_owners as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.dataset_id', 'u.id', 'u.first_name', 'u.last_name'])
    .where('o.dataset_id', 'in', [...datasetIds])
    .orderBy('u.id')
    .execute();
  for (const row of rows) {
    const list = byDataset.get(row.dataset_id) ?? [];
    list.push({ id: row.id, first_name: row.first_name, last_name: row.last_name });
    byDataset.set(row.dataset_id, list);
  }
  return byDataset;
}
