import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null when it carries an embedded IPv4 tail. */
function ipv6Groups(address: string): string[] | null {
  if (address.includes('.')) return null;
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right].map((group) =>
    group.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}

/**
 * The address a login budget is kept for. One IPv6 host usually holds a whole /64, so a budget per
 * address would be a budget per guess there; IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientBudgetKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}
