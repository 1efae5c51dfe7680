import { BlockList, isIP } from 'node:net';

/** Why an address may not be reached by a webhook; null when it is a public unicast address. */
export type AddressClass =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cloud-metadata'
  | 'unique-local'
  | 'carrier-grade-nat'
  | 'multicast'
  | 'reserved';

const V4_RANGES: [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'carrier-grade-nat'],
  ['169.254.169.254', 32, 'cloud-metadata'],
  ['169.254.0.0', 16, 'link-local'],
  ['192.0.0.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V6_RANGES: [string, number, AddressClass][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fe80::', 10, 'link-local'],
  // Deprecated site-local: still routed inside some networks.
  ['fec0::', 10, 'private'],
  ['fc00::', 7, 'unique-local'],
  ['ff00::', 8, 'multicast'],
  // IPv4-compatible (deprecated) addresses; mapped, NAT64 and 6to4 ones are judged by their IPv4 part.
  ['::', 96, 'reserved'],
];

/** The 16 bytes of an IPv6 address (any spelling, with an IPv4 tail or not); null when it is not one. */
export function ipv6Bytes(address: string): Uint8Array | null {
  if (isIP(address) !== 6) return null;
  let text = address.split('%')[0] ?? '';
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    tail.push(...last.split('.').map(Number));
    text = text.slice(0, lastColon + 1) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = 8 - headGroups.length - restGroups.length;
  const groups =
    rest === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...restGroups];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    const value = parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  if (tail.length === 4) bytes.set(tail, 12);
  return bytes;
}

/**
 * The IPv4 address an IPv6 one carries towards an IPv4 host: IPv4-mapped (::ffff:a.b.c.d), NAT64
 * (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::). Those reach whatever the IPv4 address reaches, so they
 * are judged by it; null for other addresses.
 */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (bytes === null) return null;
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const v4 = (offset: number) => [...bytes.slice(offset, offset + 4)].join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return null;
}

function classIn(ranges: [string, number, AddressClass][], address: string, family: 'ipv4' | 'ipv6') {
  for (const [network, prefix, kind] of ranges) {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    if (list.check(address, family)) return kind;
  }
  return null;
}

/** The class of a non-public address, null for a public one; a string that is no address counts as reserved. */
export function classifyAddress(address: string): AddressClass | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) {
    if (bare === '255.255.255.255') return 'reserved';
    return classIn(V4_RANGES, bare, 'ipv4');
  }
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== null) return classifyAddress(v4);
    return classIn(V6_RANGES, bare, 'ipv6');
  }
  return 'reserved';
}

/** TESSERA_WEBHOOK_ALLOWLIST as a matcher: host names exactly, addresses and CIDRs by range. */
export class WebhookAllowlist {
  private readonly hosts = new Set<string>();
  private readonly ranges = new BlockList();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address);
      if (family === 0) this.hosts.add(entry.toLowerCase());
      else if (prefix === undefined) this.ranges.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
      else this.ranges.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    }
  }

  hasHost(hostname: string): boolean {
    return this.hosts.has(hostname.toLowerCase().replace(/\.$/, ''));
  }

  hasAddress(address: string): boolean {
    const family = isIP(address);
    if (family === 0) return false;
    if (this.ranges.check(address, family === 4 ? 'ipv4' : 'ipv6')) return true;
    const v4 = family === 6 ? embeddedIpv4(address) : null;
    return v4 !== null && this.ranges.check(v4, 'ipv4');
  }
}
