import { createHash, randomUUID } from 'node:crypto';
import {
  type EmbeddedDashboard,
  type EmbeddedDashboardWrite,
  type GuestTokenClaims,
  type GuestTokenRequest,
} from '@tessera/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/kysely';
import { forbidden, messageError, notFound } from '../../platform/errors';
import { findCharts } from '../charts/charts.service';
import { changeableDashboard } from '../dashboards/dashboard-access';
import { dashboardChartIds } from '../dashboards/dashboards.service';
import type { GuestGrant, Principal } from '../security/principal';
import {
  deleteEmbedded,
  findEmbeddedByDashboard,
  findEmbeddedByUuid,
  findEmbeddedByUuids,
  upsertEmbedded,
  type EmbeddedRow,
  type EmbeddedView,
} from './embedded.repo';

/** Reference §8.1: the embedded API exists only with EMBEDDED_SUPERSET on; otherwise 404 as if absent. */
export const embeddingEnabled = (ctx: AppContext): boolean => ctx.config.featureFlags.EMBEDDED_SUPERSET;

export function requireEmbedding(ctx: AppContext): void {
  if (!embeddingEnabled(ctx)) throw notFound();
}

const domainsSchema = z.array(z.string());

/** The stored allowed_domains; a row that does not parse allows nothing rather than everything. */
export function allowedDomainsOf(row: EmbeddedRow): string[] | null {
  try {
    const parsed = domainsSchema.safeParse(JSON.parse(row.allowed_domains));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function toEmbedded(view: EmbeddedView): EmbeddedDashboard {
  return {
    uuid: view.uuid,
    allowed_domains: allowedDomainsOf(view) ?? [],
    dashboard_id: String(view.dashboard_id),
    changed_on: view.changed_on,
    changed_by:
      view.changed_by_fk === null
        ? null
        : {
            id: view.changed_by_fk,
            first_name: view.changed_by_first_name ?? '',
            last_name: view.changed_by_last_name ?? '',
          },
  };
}

/** GET `/dashboard/{id_or_slug}/embedded`: owners and admins; 404 when the dashboard is not embedded. */
export async function readEmbedding(
  ctx: AppContext,
  principal: Principal,
  ref: string,
): Promise<EmbeddedDashboard> {
  requireEmbedding(ctx);
  const dashboard = await changeableDashboard(ctx, principal, ref);
  const view = await findEmbeddedByDashboard(ctx.store.db, dashboard.id);
  if (!view) throw notFound();
  return toEmbedded(view);
}

/** POST and PUT: embeds the dashboard (a new uuid) or changes its allowed domains (the uuid stays). */
export async function saveEmbedding(
  ctx: AppContext,
  principal: Principal,
  ref: string,
  body: EmbeddedDashboardWrite,
): Promise<EmbeddedDashboard> {
  requireEmbedding(ctx);
  const dashboard = await changeableDashboard(ctx, principal, ref);
  const db = ctx.store.db;
  await upsertEmbedded(db, {
    uuid: randomUUID(),
    dashboard_id: dashboard.id,
    allowed_domains: JSON.stringify([...new Set(body.allowed_domains)]),
    changed_by_fk: principal.user.id,
    changed_on: nowIso(),
  });
  const view = await findEmbeddedByDashboard(db, dashboard.id);
  if (!view) throw notFound();
  return toEmbedded(view);
}

/** DELETE: the dashboard is no longer embeddable; its guest tokens stop working at once. */
export async function removeEmbedding(ctx: AppContext, principal: Principal, ref: string): Promise<void> {
  requireEmbedding(ctx);
  const dashboard = await changeableDashboard(ctx, principal, ref);
  await deleteEmbedded(ctx.store.db, dashboard.id);
}

/** The embedding behind `/embedded/{uuid}` (the page and its frame-ancestors), or null. */
export async function embeddingForPage(ctx: AppContext, uuid: string): Promise<EmbeddedView | null> {
  if (!embeddingEnabled(ctx)) return null;
  return (await findEmbeddedByUuid(ctx.store.db, uuid.toLowerCase())) ?? null;
}

/** GET `/api/v1/embedded_dashboard/{uuid}` for a guest whose token names it (the page finds its dashboard). */
export async function embeddingForGuest(
  ctx: AppContext,
  viewer: Principal,
  uuid: string,
): Promise<EmbeddedDashboard> {
  requireEmbedding(ctx);
  const view = await findEmbeddedByUuid(ctx.store.db, uuid.toLowerCase());
  if (!view) throw notFound();
  if (viewer.guest ? !viewer.guest.embeddedUuids.includes(view.uuid) : !viewer.isAdmin) throw forbidden();
  return toEmbedded(view);
}

/** POST `/api/v1/security/guest_token/`: admins or `can_grant_guest_token`; every resource must exist. */
export async function grantGuestToken(
  ctx: AppContext,
  principal: Principal,
  request: GuestTokenRequest,
  sign: (request: GuestTokenRequest) => Promise<string>,
): Promise<string> {
  requireEmbedding(ctx);
  if (!principal.can('can_grant_guest_token', 'SecurityRestApi')) throw forbidden();
  const uuids = [...new Set(request.resources.map((resource) => resource.id))];
  const found = new Set((await findEmbeddedByUuids(ctx.store.db, uuids)).map((row) => row.uuid));
  const missing = uuids.filter((uuid) => !found.has(uuid));
  if (missing.length > 0)
    throw messageError(422, {
      resources: missing.map((uuid) => `Embedded dashboard ${uuid} does not exist`),
    });
  return sign(request);
}

/** The dataset ids a dashboard's native filters read (lenient: a broken json_metadata reads none). */
const filterTargetsSchema = z.object({
  native_filter_configuration: z
    .array(z.object({ targets: z.array(z.object({ datasetId: z.number().int().optional() })).optional() }))
    .optional(),
});

function filterDatasetIds(jsonMetadata: string | null): number[] {
  if (jsonMetadata === null || jsonMetadata === '') return [];
  try {
    const parsed = filterTargetsSchema.safeParse(JSON.parse(jsonMetadata));
    if (!parsed.success) return [];
    return (parsed.data.native_filter_configuration ?? []).flatMap((filter) =>
      (filter.targets ?? []).flatMap((target) => (target.datasetId === undefined ? [] : [target.datasetId])),
    );
  } catch {
    return [];
  }
}

/**
 * What a verified guest token reaches now: its embedded dashboards that still exist (a deleted
 * embedding ends the token's reach at once), their charts' datasets and their native filters' datasets.
 * Null when none of its dashboards is embedded any more, or the flag is off.
 */
export async function resolveGuestGrant(
  ctx: AppContext,
  claims: GuestTokenClaims,
): Promise<GuestGrant | null> {
  if (!embeddingEnabled(ctx)) return null;
  const db = ctx.store.db;
  const rows = await findEmbeddedByUuids(db, [...new Set(claims.resources.map((resource) => resource.id))]);
  if (rows.length === 0) return null;
  const datasetIds = new Set<number>();
  for (const row of rows) {
    const charts = await findCharts(db, await dashboardChartIds(db, row.dashboard_id));
    for (const chart of charts) if (chart.datasource_type === 'table') datasetIds.add(chart.datasource_id);
    const dashboard = await db
      .selectFrom('dashboards')
      .select('json_metadata')
      .where('id', '=', row.dashboard_id)
      .executeTakeFirst();
    for (const id of filterDatasetIds(dashboard?.json_metadata ?? null)) datasetIds.add(id);
  }
  return {
    embeddedUuids: rows.map((row) => row.uuid),
    dashboardIds: rows.map((row) => row.dashboard_id),
    datasetIds: [...datasetIds].sort((a, b) => a - b),
    rls: claims.rls_rules,
  };
}

/**
 * A negative id per guest username: never a user of this app (no row, no ownership), but distinct per
 * viewer so one embedded viewer's queries do not queue behind another's in the per-user query slots.
 */
function guestUserId(username: string): number {
  const digest = createHash('sha256').update(username).digest();
  return -1 - (digest.readUInt32BE(0) % 1_000_000_000);
}

/**
 * The principal of an embedded viewer: in the guest role (GUEST_ROLE_NAME, for its row level security
 * rules), with no permission pairs, so only routes that check the guest grant let it through.
 */
export function guestPrincipal(ctx: AppContext, claims: GuestTokenClaims, grant: GuestGrant): Principal {
  const now = nowIso();
  return {
    user: {
      id: guestUserId(claims.user.username),
      username: claims.user.username,
      first_name: claims.user.first_name,
      last_name: claims.user.last_name,
      email: '',
      password_hash: '',
      active: 1,
      created_on: now,
      changed_on: now,
      last_login: null,
      login_count: 0,
      fail_login_count: 0,
    },
    roles: [ctx.config.constants.GUEST_ROLE_NAME],
    pairs: [],
    isAdmin: false,
    via: 'guest',
    sessionId: null,
    guest: grant,
    can: () => false,
  };
}
