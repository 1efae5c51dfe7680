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
