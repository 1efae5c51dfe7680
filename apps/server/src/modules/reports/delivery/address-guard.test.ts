import { describe, expect, it } from 'vitest';
import { parseAllowlist } from '../../../platform/webhook-allowlist';
import { classifyAddress, embeddedIpv4, WebhookAllowlist } from './address-guard';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud-metadata'],
    ['169.254.10.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['fc12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'cloud-metadata'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['::127.0.0.1', 'reserved'],
    ['not-an-address', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(classifyAddress(address)).toBeNull();
    },
  );

  it('reads the IPv4 part of mapped addresses in any spelling', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('0:0:0:0:0:ffff:a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
  });
});

describe('webhook allow-list', () => {
  it('parses hosts, addresses and CIDRs and refuses anything else', () => {
    expect(parseAllowlist(' hooks.internal , 10.0.0.0/8,[::1], fd00::/8 ,')).toEqual([
      'hooks.internal',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(parseAllowlist('10.0.0.0/33')).toMatch(/10\.0\.0\.0\/33/);
    expect(parseAllowlist('http://hooks.internal')).toMatch(/not a host name/);
    expect(parseAllowlist('hooks.internal:8080')).toMatch(/not a host name/);
  });

  it('matches host names exactly and addresses by range, mapped IPv6 included', () => {
    const list = new WebhookAllowlist(['hooks.internal', '10.0.0.0/8', '::1']);
    expect(list.hasHost('HOOKS.internal')).toBe(true);
    expect(list.hasHost('evil.hooks.internal')).toBe(false);
    expect(list.hasAddress('10.9.8.7')).toBe(true);
    expect(list.hasAddress('::ffff:10.9.8.7')).toBe(true);
    expect(list.hasAddress('11.0.0.1')).toBe(false);
    expect(list.hasAddress('::1')).toBe(true);
    expect(list.hasAddress('127.0.0.1')).toBe(false);
  });
});
