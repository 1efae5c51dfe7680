import { randomUUID } from 'node:crypto';
import { UNTITLED_DASHBOARD_TITLE, type DashboardCreate, type DashboardUpdate } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { toFlag, type MetadataDb } from '../../db/kysely';
import { messageError, notFound } from '../../platform/errors';
import { removeFavoritesOf } from '../favorites/favorites.service';
import { resolveOwners } from '../security/owners';
import type { Principal } from '../security/principal';
import { removeTagsOf, replaceObjectTags, requireTagWriter, resolveTagRefs } from '../tags/tags.service';
import { changeableDashboard } from './dashboard-access';
import { checkedJsonMetadata, checkedLayoutCharts } from './dashboard-validation';
import { checkFilterMetadata } from './native-filter-validation';
import {
  dashboardChartIds,
  dashboardOwnerIds,
  deleteDashboards,
  findDashboard,
  findDashboardBySlug,
  insertDashboard,
  setDashboardOwners,
  setDashboardCharts,
  setDashboardRoles,
  updateDashboard,
  type DashboardPatch,
  type DashboardRow,
} from './dashboards.repo';

/** The chart ids a dashboard links, for other modules (bundles export them with it). */
export { dashboardChartIds };
/** A dashboard's page URL (slug or id), for other modules that link to one (the home page's recents). */
export { dashboardUrl } from './dashboard-dict';

export interface StoredDashboard {
  row: DashboardRow;
  owners: number[];
}

/** Spec 001 §5 Dashboard save: an empty title is '[ untitled dashboard ]'. */
const titleOf = (title: string | null | undefined): string =>
  title === null || title === undefined || title.trim() === '' ? UNTITLED_DASHBOARD_TITLE : title;

/** An empty slug is no slug. */
const slugOf = (slug: string | null | undefined): string | null =>
  slug === null || slug === undefined || slug.trim() === '' ? null : slug.trim();

async function checkSlugFree(db: MetadataDb, slug: string | null, exceptId: number | null): Promise<void> {
  if (slug === null) return;
  const other = await findDashboardBySlug(db, slug);
  if (other && other.id !== exceptId) throw messageError(422, { slug: ['Must be unique'] });
}

async function checkRoles(db: MetadataDb, roleIds: readonly number[] | undefined): Promise<void> {
  if (roleIds === undefined || roleIds.length === 0) return;
  const unique = [...new Set(roleIds)];
  const found = await db.selectFrom('roles').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw messageError(422, { roles: ['Some roles do not exist'] });
}

/** Spec 001 §5: roles are a DASHBOARD_RBAC setting; without the flag they are ignored. */
const rolesOf = (ctx: AppContext, roles: readonly number[] | undefined): readonly number[] | undefined =>
  ctx.config.featureFlags.DASHBOARD_RBAC ? roles : undefined;

/** Layout and metadata checks; the layout's chart ids when a layout is being saved. */
async function checkedContent(
  ctx: AppContext,
  principal: Principal,
  input: Pick<DashboardUpdate, 'position_json' | 'json_metadata'>,
  dashboardId: number | null,
): Promise<number[] | undefined> {
  if (input.json_metadata !== undefined && input.json_metadata !== null) {
    await checkFilterMetadata(ctx, checkedJsonMetadata(input.json_metadata));
  }
  if (input.position_json === undefined) return undefined;
  if (input.position_json === null) return [];
  const linked = dashboardId === null ? [] : await dashboardChartIds(ctx.store.db, dashboardId);
  return checkedLayoutCharts(ctx, principal, input.position_json, linked);
}

async function stored(db: MetadataDb, id: number): Promise<StoredDashboard> {
  const row = await findDashboard(db, id);
  if (!row) throw notFound();
  return { row, owners: (await dashboardOwnerIds(db, [id])).get(id) ?? [] };
}

export async function createDashboard(
  ctx: AppContext,
  principal: Principal,
  input: DashboardCreate,
): Promise<StoredDashboard> {
  const db = ctx.store.db;
  const slug = slugOf(input.slug);
  const chartIds = await checkedContent(ctx, principal, input, null);
  await checkSlugFree(db, slug, null);
  const roles = rolesOf(ctx, input.roles);
  await checkRoles(db, roles);
  const owners = await resolveOwners(db, principal, input.owners, 'create');
  const userId = principal.user.id;
  const id = await db.transaction().execute(async (trx) => {
    const dashboardId = await insertDashboard(trx, {
      uuid: randomUUID(),
      dashboard_title: titleOf(input.dashboard_title),
      slug,
      position_json: input.position_json ?? null,
      json_metadata: input.json_metadata ?? null,
      css: input.css ?? null,
      description: null,
      published: toFlag(input.published ?? false),
      certified_by: input.certified_by ?? null,
      certification_details: input.certified_by ? (input.certification_details ?? null) : null,
      is_managed_externally: toFlag(input.is_managed_externally ?? false),
      external_url: input.external_url ?? null,
      created_by_fk: userId,
      changed_by_fk: userId,
    });
    await setDashboardOwners(trx, dashboardId, owners);
    if (roles !== undefined) await setDashboardRoles(trx, dashboardId, roles);
    if (chartIds !== undefined) await setDashboardCharts(trx, dashboardId, chartIds);
    return dashboardId;
  });
  return stored(db, id);
}

export async function changeDashboard(
  ctx: AppContext,
  principal: Principal,
  id: number,
  input: DashboardUpdate,
): Promise<StoredDashboard> {
  const db = ctx.store.db;
  const current = await changeableDashboard(ctx, principal, id);
  const chartIds = await checkedContent(ctx, principal, input, current.id);
  const patch: DashboardPatch = { changed_by_fk: principal.user.id };
  if (input.dashboard_title !== undefined) patch.dashboard_title = titleOf(input.dashboard_title);
  if (input.slug !== undefined) {
    patch.slug = slugOf(input.slug);
    await checkSlugFree(db, patch.slug, id);
  }
  if (input.position_json !== undefined) patch.position_json = input.position_json;
  if (input.json_metadata !== undefined) patch.json_metadata = input.json_metadata;
  if (input.css !== undefined) patch.css = input.css;
  if (input.published !== undefined) patch.published = toFlag(input.published ?? false);
  if (input.certified_by !== undefined) {
    patch.certified_by = input.certified_by;
    if (!input.certified_by) patch.certification_details = null;
  }
  if (input.certification_details !== undefined && (input.certified_by ?? current.certified_by)) {
    patch.certification_details = input.certification_details;
  }
  if (input.external_url !== undefined) patch.external_url = input.external_url;
  if (input.is_managed_externally !== undefined) {
    patch.is_managed_externally = toFlag(input.is_managed_externally ?? false);
  }
  const roles = rolesOf(ctx, input.roles);
  await checkRoles(db, roles);
  const owners =
    input.owners === undefined ? undefined : await resolveOwners(db, principal, input.owners, 'update');
  // Without TAGGING_SYSTEM `tags` is accepted and ignored, as Superset does.
  const tags = ctx.config.featureFlags.TAGGING_SYSTEM ? input.tags : undefined;
  if (tags !== undefined) requireTagWriter(principal);
  await db.transaction().execute(async (trx) => {
    await updateDashboard(trx, id, patch);
    if (owners !== undefined) await setDashboardOwners(trx, id, owners);
    if (roles !== undefined) await setDashboardRoles(trx, id, roles);
    if (chartIds !== undefined) await setDashboardCharts(trx, id, chartIds);
    if (tags !== undefined) {
      const tagIds = await resolveTagRefs(trx, tags, principal.user.id);
      await replaceObjectTags(trx, 'dashboard', id, tagIds, principal.user.id);
    }
  });
  return stored(db, id);
}

export async function deleteDashboardsOwned(
  ctx: AppContext,
  principal: Principal,
  ids: readonly number[],
): Promise<number> {
  const unique = [...new Set(ids)];
  for (const id of unique) await changeableDashboard(ctx, principal, id);
  await ctx.store.db.transaction().execute(async (trx) => {
    // An alert or report on one of them refuses the whole delete (422), as Superset does.
    await ctx.reportReferences.refuseIfReferenced(trx, 'dashboard', unique);
    await removeFavoritesOf(trx, 'Dashboard', unique);
    await removeTagsOf(trx, 'dashboard', unique);
    await deleteDashboards(trx, unique);
  });
  return unique.length;
}
