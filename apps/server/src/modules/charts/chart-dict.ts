import { chartDigest, thumbnailUrl } from '../../platform/object-digest';
import type { Chart, ChartWriteResponse, TagRef } from '@tessera/contracts';
import { humanizeSince } from '../databases/humanize';
import type { ChartRow, ChartView, UserRef } from './charts.repo';

export function userRef(
  id: number | null,
  firstName: string | null,
  lastName: string | null,
): UserRef | null {
  if (id === null || firstName === null || lastName === null) return null;
  return { id, first_name: firstName, last_name: lastName };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const chartUrl = (id: number): string => `/explore/?slice_id=${id}`;
export const datasourceExploreUrl = (id: number, type: string): string =>
  `/explore/?datasource_type=${encodeURIComponent(type)}&datasource_id=${id}`;

/** `schema.table` of the chart's dataset, null when there is none. */
export function datasourceName(
  view: Pick<ChartView, 'datasource_table_name' | 'datasource_schema'>,
): string | null {
  if (view.datasource_table_name === null) return null;
  return view.datasource_schema
    ? `${view.datasource_schema}.${view.datasource_table_name}`
    : view.datasource_table_name;
}

/** The full show/list form; routes narrow it with the query's `columns`. */
export function toChart(
  view: ChartView,
  related: {
    owners: UserRef[];
    dashboards: { id: number; dashboard_title: string }[];
    tags: TagRef[];
    /** THUMBNAILS is on: thumbnail_url points at the current picture. */
    thumbnails?: boolean;
  },
  now: number = Date.now(),
): Chart {
  const { owners, dashboards, tags } = related;
  const changedBy = userRef(view.changed_by_fk, view.changed_first_name, view.changed_last_name);
  return {
    id: view.id,
    uuid: view.uuid,
    slice_name: view.slice_name,
    description: view.description,
    description_markeddown: escapeHtml(view.description ?? ''),
    viz_type: view.viz_type,
    datasource_id: view.datasource_id,
    datasource_type: view.datasource_type,
    datasource_name_text: datasourceName(view),
    datasource_url:
      view.datasource_table_name === null
        ? null
        : datasourceExploreUrl(view.datasource_id, view.datasource_type),
    params: view.params,
    query_context: view.query_context,
    cache_timeout: view.cache_timeout,
    certified_by: view.certified_by,
    certification_details: view.certification_details,
    is_managed_externally: view.is_managed_externally === 1,
    external_url: view.external_url,
    url: chartUrl(view.id),
    slice_url: chartUrl(view.id),
    thumbnail_url: related.thumbnails ? thumbnailUrl('chart', view.id, chartDigest(view)) : null,
    owners,
    dashboards,
    tags,
    created_by: userRef(view.created_by_fk, view.created_first_name, view.created_last_name),
    changed_by: changedBy,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    last_saved_by: userRef(view.last_saved_by_fk, view.saved_first_name, view.saved_last_name),
    last_saved_at: view.last_saved_at,
    created_on: view.created_on,
    changed_on: view.changed_on,
    changed_on_utc: view.changed_on,
    changed_on_delta_humanized: humanizeSince(view.changed_on, now),
    created_on_delta_humanized: humanizeSince(view.created_on, now),
  };
}

/** What POST and PUT answer: the stored writable fields. */
export function toChartWriteResponse(
  row: ChartRow,
  owners: number[],
  dashboards: number[],
): ChartWriteResponse {
  return {
    id: row.id,
    result: {
      slice_name: row.slice_name,
      viz_type: row.viz_type,
      datasource_id: row.datasource_id,
      datasource_type: row.datasource_type,
      description: row.description,
      params: row.params,
      query_context: row.query_context,
      cache_timeout: row.cache_timeout,
      owners,
      dashboards,
      certified_by: row.certified_by,
      certification_details: row.certification_details,
    },
  };
}
