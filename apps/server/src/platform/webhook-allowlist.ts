import { isIP } from 'node:net';

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

function normalise(entry: string): string | null {
  const lower = entry.toLowerCase();
  const [rawAddress = '', prefix, ...rest] = lower.split('/');
  if (rest.length > 0) return null;
  const address =
    rawAddress.startsWith('[') && rawAddress.endsWith(']') ? rawAddress.slice(1, -1) : rawAddress;
  const family = isIP(address);
  if (prefix !== undefined) {
    if (family === 0 || !/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null;
    return `${address}/${prefix}`;
  }
  if (family !== 0) return address;
  return HOST_NAME.test(lower) ? lower : null;
}

/**
 * Parses TESSERA_WEBHOOK_ALLOWLIST: comma-separated host names (matched exactly, without port),
 * addresses (`10.0.0.5`, `::1`, `[::1]`) and CIDR ranges (`10.0.0.0/8`, `fd00::/8`). Returns the
 * entries lower-cased, or a sentence naming the first wrong one.
 */
export function parseAllowlist(raw: string): string[] | string {
  const entries: string[] = [];
  for (const entry of raw.split(',').map((item) => item.trim())) {
    if (entry === '') continue;
    const normalised = normalise(entry);
    if (normalised === null) return `${entry} is not a host name, an IP address or a CIDR range`;
    entries.push(normalised);
  }
  return entries;
}
