import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from './trusted-proxies';

describe('parseTrustedProxies', () => {
  it('trusts nobody when unset or blank', () => {
    expect(parseTrustedProxies('')).toEqual([]);
    expect(parseTrustedProxies(' , ')).toEqual([]);
  });

  it('accepts addresses, CIDRs, netmasks and the named ranges', () => {
    expect(
      parseTrustedProxies('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,192.168.0.0/255.255.0.0,loopback'),
    ).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', '192.168.0.0/255.255.0.0', 'loopback']);
  });

  it('names the entry that is wrong', () => {
    expect(parseTrustedProxies('10.0.0.1,proxy.local')).toMatch(/proxy\.local/);
    expect(parseTrustedProxies('10.0.0.0/33')).toMatch(/prefix/);
    expect(parseTrustedProxies('::/129')).toMatch(/prefix/);
    expect(parseTrustedProxies('10.0.0.0/8/8')).toMatch(/10\.0\.0\.0\/8\/8/);
    expect(parseTrustedProxies('*')).toMatch(/not an IP/);
  });
});
