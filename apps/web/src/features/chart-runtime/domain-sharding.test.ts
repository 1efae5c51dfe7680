import { describe, expect, it } from 'vitest';
import { chartDataUrl, createShardPicker, parseDomains, shardingDisabled } from './domain-sharding';

describe('domain sharding', () => {
  it('parses the configured hosts', () => {
    expect(parseDomains(' a.example.com, b.example.com a.example.com ')).toEqual([
      'a.example.com',
      'b.example.com',
    ]);
    expect(parseDomains(null)).toEqual([]);
  });
  it('hands the hosts out round-robin', () => {
    const pick = createShardPicker(['a', 'b', 'c'], false);
    expect([pick(), pick(), pick(), pick(), pick()]).toEqual(['a', 'b', 'c', 'a', 'b']);
  });
  it('stays on the page origin when off or unconfigured', () => {
    expect(createShardPicker(['a', 'b'], true)()).toBeNull();
    expect(createShardPicker([], false)()).toBeNull();
    expect(shardingDisabled('?disableDomainSharding=1')).toBe(true);
    expect(shardingDisabled('?x=1')).toBe(false);
  });
  it('builds the request URL', () => {
    expect(chartDataUrl('a.example.com', 'https:')).toBe('https://a.example.com/api/v1/chart/data');
    expect(chartDataUrl(null, 'https:')).toBe('/api/v1/chart/data');
  });
});
