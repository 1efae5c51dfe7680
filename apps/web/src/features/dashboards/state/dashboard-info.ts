import {
  dashboardJsonMetadataSchema,
  type DashboardItem,
  type DashboardJsonMetadata,
  type TagRef,
} from '@tessera/contracts';
import { can } from '../../../shared/session/permissions';
import { isAdmin, type SessionUser } from '../../../shared/session/session-slice';

export interface DashboardOwner {
  id: number;
  first_name: string;
  last_name: string;
}

/** Spec 001 §3 'Dashboard info': the API's dashboard with parsed metadata and what the user may do. */
export interface DashboardInfo {
  id: number;
  slug: string | null;
  title: string;
  published: boolean;
  owners: DashboardOwner[];
  /** The dashboard's tags (TAGGING_SYSTEM), shown in its header. */
  tags: TagRef[];
  certifiedBy: string | null;
  certificationDetails: string | null;
  css: string;
  metadata: DashboardJsonMetadata;
  changedOn: string | null;
  changedOnHumanized: string | null;
  changedByName: string | null;
  positionJson: string | null;
  canEdit: boolean;
  /** 'Save as' (a copy the user owns): whoever may create dashboards, owner or not. */
  canSaveAs: boolean;
  canShare: boolean;
  /** can_share_chart: a chart's 'Copy permalink to clipboard' on the dashboard (spec 001 §6). */
  canShareChart: boolean;
  canExplore: boolean;
  canCsv: boolean;
}

/** Stored metadata may predate our schema or be hand-edited: a bad blob must not stop the dashboard opening. */
export function parseJsonMetadata(text: string | null | undefined): DashboardJsonMetadata {
  if (text === null || text === undefined || text.trim() === '') return {};
  try {
    const parsed = dashboardJsonMetadataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Spec 001 §6: editing needs admin or ownership, and can_write on Dashboard. */
export function toDashboardInfo(
  dashboard: DashboardItem & { id: number },
  user: SessionUser | null,
): DashboardInfo {
  const owners = (dashboard.owners ?? []).map((owner) => ({
    id: owner.id,
    first_name: owner.first_name ?? '',
    last_name: owner.last_name ?? '',
  }));
  // Spec 001 §6: any role named 'admin', whatever its case.
  const admin = isAdmin(user) || (user?.roles.some((role) => role.toLowerCase() === 'admin') ?? false);
  const owner = user !== null && owners.some((o) => o.id === user.id);
  return {
    id: dashboard.id,
    slug: dashboard.slug ?? null,
    title: dashboard.dashboard_title ?? '',
    published: dashboard.published ?? false,
    owners,
    tags: dashboard.tags ?? [],
    certifiedBy: dashboard.certified_by ?? null,
    certificationDetails: dashboard.certification_details ?? null,
    css: dashboard.css ?? '',
    metadata: parseJsonMetadata(dashboard.json_metadata),
    changedOn: dashboard.changed_on_utc ?? dashboard.changed_on ?? null,
    changedOnHumanized: dashboard.changed_on_delta_humanized ?? null,
    changedByName: dashboard.changed_by_name ?? null,
    positionJson: dashboard.position_json ?? null,
    canEdit: admin || (owner && can(user, 'can_write', 'Dashboard')),
    canSaveAs: admin || can(user, 'can_write', 'Dashboard'),
    canShare: admin || can(user, 'can_share_dashboard', 'Superset'),
    canShareChart: admin || can(user, 'can_share_chart', 'Superset'),
    canExplore: admin || can(user, 'can_explore', 'Superset'),
    canCsv: admin || can(user, 'can_csv', 'Superset'),
  };
}
