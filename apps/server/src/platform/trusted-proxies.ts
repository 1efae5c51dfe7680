import { isIP } from 'node:net';

/** The address ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function entryProblem(entry: string): string | null {
  if (NAMED_RANGES.has(entry)) return null;
  const [address = '', suffix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0)
    return `${entry} is not an IP address, a CIDR range or one of ${[...NAMED_RANGES].join(', ')}`;
  if (suffix === undefined) return null;
  const maxBits = family === 4 ? 32 : 128;
  if (/^\d{1,3}$/.test(suffix) && Number(suffix) <= maxBits) return null;
  if (family === 4 && isIP(suffix) === 4) return null;
  return `${entry} has an invalid prefix length`;
}

/**
 * Parses TESSERA_TRUSTED_PROXIES (comma-separated addresses, CIDRs or proxy-addr's range names).
 * Returns the entries, or a sentence saying which entry is wrong: a typo must stop the start rather
 * than silently trust nobody, or everybody.
 */
export function parseTrustedProxies(raw: string): string[] | string {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem !== null) return problem;
  }
  return entries;
}
