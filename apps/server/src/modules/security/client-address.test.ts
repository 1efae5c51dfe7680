import { describe, expect, it } from 'vitest';
import { clientBudgetKey } from './client-address';

describe('clientBudgetKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(clientBudgetKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientBudgetKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('puts every address of one IPv6 /64 in one budget', () => {
    const a = clientBudgetKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientBudgetKey('2001:0DB8:0001:0002::1')).toBe(a);
    expect(clientBudgetKey('2001:db8:1:3::1')).not.toBe(a);
    expect(clientBudgetKey('::1')).toBe('0:0:0:0::/64');
    expect(clientBudgetKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
