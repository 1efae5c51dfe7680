import { z } from 'zod';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/kysely';
import { messageError, notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { canChangeDataset } from './dataset-access';
import { deleteDataset, deleteDatasets } from './datasets.repo';
import { loadReadableDataset } from './explore-datasource';
import { syncPermissionViews } from '../security/access-pairs';

/** The `q` of bulk delete: `!(1,2,3)`. */
export const datasetIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);

const forbiddenChange = () => messageError(403, 'Changing this Dataset is forbidden');

/** Deleted datasets leave the datasource cache, and their access pairs leave every role. */
async function afterDatasetsDeleted(ctx: AppContext): Promise<void> {
  ctx.caches.exploreDatasources.invalidate();
  await syncPermissionViews(ctx.store.db, ctx.caches.principals);
}

/** A dataset the caller may read (else 404) and change (else 403). */
async function changeableDataset(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const { ownerIds } = await loadReadableDataset(ctx, principal, id);
  if (!canChangeDataset(principal, ownerIds)) throw forbiddenChange();
}

export async function removeDataset(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  await changeableDataset(ctx, principal, id);
  await deleteDataset(ctx.store.db, id);
  await afterDatasetsDeleted(ctx);
}

/**
 * DELETE /api/v1/dataset/?q=!(…): all or nothing, as Superset's bulk delete. Every id is checked
 * before any is deleted: one unknown or hidden id is a 404, one the caller does not own a 403.
 */
export async function removeDatasetsInBulk(
  ctx: AppContext,
  principal: Principal,
  ids: readonly number[],
): Promise<number> {
  const unique = [...new Set(ids)];
  for (const id of unique) await changeableDataset(ctx, principal, id);
  await deleteDatasets(ctx.store.db, unique);
  await afterDatasetsDeleted(ctx);
  return unique.length;
}

/**
 * DELETE /api/v1/dataset/<pk>/column/<id> and …/metric/<id>: the part must belong to that dataset
 * (404 otherwise, whatever exists elsewhere).
 */
export async function removeDatasetPart(
  ctx: AppContext,
  principal: Principal,
  part: { datasetId: number; kind: 'column' | 'metric'; id: number },
): Promise<void> {
  await changeableDataset(ctx, principal, part.datasetId);
  const table = part.kind === 'column' ? 'dataset_columns' : 'dataset_metrics';
  const deleted = await ctx.store.db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom(table)
      .where('id', '=', part.id)
      .where('dataset_id', '=', part.datasetId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    // The new changed_on is the stamp other processes' datasource caches compare (README).
    await trx
      .updateTable('datasets')
      .set({ changed_on: nowIso(), changed_by_fk: principal.user.id })
      .where('id', '=', part.datasetId)
      .execute();
    return true;
  });
  if (!deleted) throw notFound();
  ctx.caches.exploreDatasources.invalidate();
}
