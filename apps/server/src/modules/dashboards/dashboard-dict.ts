import type { Dashboard, DashboardWriteResponse, TagRef } from '@tessera/contracts';
import { dashboardDigest, thumbnailUrl } from '../../platform/object-digest';
import { humanizeSince } from '../databases/humanize';
import type { DashboardRow, DashboardView } from './dashboards.repo';

interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

function userRef(id: number | null, firstName: string | null, lastName: string | null): UserRef | null {
  if (id === null || firstName === null || lastName === null) return null;
  return { id, first_name: firstName, last_name: lastName };
}

export const dashboardUrl = (row: Pick<DashboardRow, 'id' | 'slug'>): string =>
  `/superset/dashboard/${row.slug ?? String(row.id)}/`;

export function toDashboard(
  view: DashboardView,
  related: {
    owners: UserRef[];
    roles: { id: number; name: string }[];
    charts: string[];
    tags: TagRef[];
    /** THUMBNAILS is on: thumbnail_url points at the current picture. */
    thumbnails?: boolean;
  },
  now: number = Date.now(),
): Dashboard {
  const changedBy = userRef(view.changed_by_fk, view.changed_first_name, view.changed_last_name);
  return {
    id: view.id,
    uuid: view.uuid,
    dashboard_title: view.dashboard_title,
    slug: view.slug,
    url: dashboardUrl(view),
    thumbnail_url: related.thumbnails ? thumbnailUrl('dashboard', view.id, dashboardDigest(view)) : null,
    published: view.published === 1,
    css: view.css,
    json_metadata: view.json_metadata,
    position_json: view.position_json,
    certified_by: view.certified_by,
    certification_details: view.certification_details,
    is_managed_externally: view.is_managed_externally === 1,
    external_url: view.external_url,
    owners: related.owners,
    roles: related.roles,
    charts: related.charts,
    tags: related.tags,
    created_by: userRef(view.created_by_fk, view.created_first_name, view.created_last_name),
    changed_by: changedBy,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    created_on: view.created_on,
    changed_on: view.changed_on,
    changed_on_utc: view.changed_on,
    changed_on_delta_humanized: humanizeSince(view.changed_on, now),
    created_on_delta_humanized: humanizeSince(view.created_on, now),
  };
}

export function toDashboardWriteResponse(row: DashboardRow, owners: number[]): DashboardWriteResponse {
  return {
    id: row.id,
    result: {
      dashboard_title: row.dashboard_title,
      slug: row.slug,
      owners,
      position_json: row.position_json,
      json_metadata: row.json_metadata,
      css: row.css,
      published: row.published === 1,
    },
    last_modified_time: Math.floor(Date.parse(row.changed_on) / 1000),
  };
}
