import { describe, expect, it } from 'vitest';
import { buildSelectStar, quoteIfNeeded, quoteWith } from './identifiers';

describe('identifiers', () => {
  it('quotes and doubles embedded quotes', () => {
    expect(quoteWith('a"b', '"')).toBe('"a""b"');
    expect(quoteWith('a`b', '`')).toBe('`a``b`');
  });

  it('quotes only when needed', () => {
    expect(quoteIfNeeded('orders', '"', true)).toBe('orders');
    expect(quoteIfNeeded('Orders', '"', true)).toBe('"Orders"');
    expect(quoteIfNeeded('Orders', '`', false)).toBe('Orders');
    expect(quoteIfNeeded('order', '"', true)).toBe('"order"');
    expect(quoteIfNeeded('my col', '`', false)).toBe('`my col`');
    expect(quoteIfNeeded('1abc', '"', true)).toBe('"1abc"');
  });

  it('builds a formatted SELECT with LIMIT', () => {
    const quote = (name: string): string => quoteIfNeeded(name, '"', true);
    expect(buildSelectStar(quote, 'orders', 'public', ['id', 'user'], 100)).toBe(
      'SELECT id,\n       "user"\nFROM public.orders\nLIMIT 100',
    );
    expect(buildSelectStar(quote, 'T', null, [])).toBe('SELECT *\nFROM "T"\nLIMIT 100');
    expect(buildSelectStar(quote, 't', null, [], 0)).toBe('SELECT *\nFROM t');
  });
});
