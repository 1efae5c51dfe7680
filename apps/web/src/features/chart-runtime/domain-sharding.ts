/**
 * Domain sharding (spec 001 §9): browsers cap concurrent requests per host, so a dashboard's chart-data
 * requests are spread round-robin over the extra hostnames listed in SUPERSET_WEBSERVER_DOMAINS.
 * `?disableDomainSharding=1` on the page turns it off.
 */

/** The configured hostnames: comma- or space-separated, blanks and duplicates dropped. */
export function parseDomains(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter((d) => d !== ''),
    ),
  ];
}

export function shardingDisabled(search: string): boolean {
  return new URLSearchParams(search).get('disableDomainSharding') === '1';
}

/** Hands out the hosts in turn; null means "same origin" (no extra hosts, or sharding off). */
export function createShardPicker(domains: readonly string[], disabled: boolean): () => string | null {
  let next = 0;
  return () => {
    if (disabled || domains.length === 0) return null;
    const host = domains[next % domains.length] ?? null;
    next += 1;
    return host;
  };
}

/** The chart-data URL on the given host (same scheme as the page), or the relative path. */
export function chartDataUrl(host: string | null, protocol: string): string {
  const path = '/api/v1/chart/data';
  return host === null ? path : `${protocol}//${host}${path}`;
}
