import { createHash } from 'node:crypto';

/**
 * The digest in a thumbnail or screenshot URL: a hash of what the picture shows (the object's id, last
 * change and layout or params), so a changed object gets a new URL and an old picture is never served
 * for it (Superset's `digest` of dashboards and charts).
 */
export function objectDigest(
  kind: 'dashboard' | 'chart',
  parts: readonly (string | number | null)[],
): string {
  const hash = createHash('sha256');
  hash.update(kind);
  for (const part of parts) hash.update(`\u0000${part === null ? '' : String(part)}`);
  return hash.digest('hex').slice(0, 32);
}

/** What a dashboard picture shows: the layout, metadata and CSS as last changed. */
export function dashboardDigest(row: {
  id: number;
  changed_on: string;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
}): string {
  return objectDigest('dashboard', [row.id, row.changed_on, row.position_json, row.json_metadata, row.css]);
}

/** What a chart picture shows: its params and type as last changed. */
export function chartDigest(row: {
  id: number;
  changed_on: string;
  params: string;
  viz_type: string;
}): string {
  return objectDigest('chart', [row.id, row.changed_on, row.params, row.viz_type]);
}

/** `thumbnail_url` of list and show answers: the picture's current URL (THUMBNAILS on), else null. */
export function thumbnailUrl(kind: 'dashboard' | 'chart', id: number, digest: string): string {
  return `/api/v1/${kind}/${String(id)}/thumbnail/${digest}/`;
}
