import { describe, expect, it } from 'vitest';
import { bigintToJson, rowsToJsonSafe, sqlTimestampToIso, toJsonSafe } from './json-safe';

describe('toJsonSafe', () => {
  it('turns bigints into numbers when exact and strings otherwise', () => {
    expect(bigintToJson(42n)).toBe(42);
    expect(bigintToJson(-9007199254740991n)).toBe(-9007199254740991);
    expect(bigintToJson(9007199254740993n)).toBe('9007199254740993');
    expect(toJsonSafe(2n ** 70n)).toBe('1180591620717411303424');
  });

  it('renders bytes as hex and dates as ISO text', () => {
    expect(toJsonSafe(Buffer.from([0xaa, 0xbb]))).toBe('\\xaabb');
    expect(toJsonSafe(new Uint8Array([1, 2, 255]))).toBe('\\x0102ff');
    expect(toJsonSafe(new Date('2024-01-02T03:04:05.000Z'))).toBe('2024-01-02T03:04:05.000Z');
  });

  it('replaces non-finite numbers with null', () => {
    expect(toJsonSafe(Number.NaN)).toBeNull();
    expect(toJsonSafe(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toJsonSafe(undefined)).toBeNull();
  });

  it('walks arrays and plain objects', () => {
    expect(toJsonSafe({ a: [1n, { b: new Uint8Array([1]) }], c: 'x' })).toEqual({
      a: [1, { b: '\\x01' }],
      c: 'x',
    });
  });

  it('uses the toString of value classes', () => {
    class Money {
      toString(): string {
        return '$1.00';
      }
    }
    expect(toJsonSafe(new Money())).toBe('$1.00');
  });

  it('survives JSON.stringify for every output', () => {
    const out = toJsonSafe([1n, Number.NaN, new Date(0), new Uint8Array([0]), { x: 2n ** 64n }]);
    expect(JSON.parse(JSON.stringify(out))).toEqual([
      1,
      null,
      '1970-01-01T00:00:00.000Z',
      '\\x00',
      { x: '18446744073709551616' },
    ]);
  });
});

describe('sqlTimestampToIso', () => {
  it('uses the T separator and a full offset', () => {
    expect(sqlTimestampToIso('2024-01-02 03:04:05.123456')).toBe('2024-01-02T03:04:05.123456');
    expect(sqlTimestampToIso('2024-01-02 03:04:05+00')).toBe('2024-01-02T03:04:05+00:00');
    expect(sqlTimestampToIso('2024-01-02 03:04:05-05:30')).toBe('2024-01-02T03:04:05-05:30');
    expect(sqlTimestampToIso('2024-01-02 03:04:05.5-08')).toBe('2024-01-02T03:04:05.5-08:00');
    expect(sqlTimestampToIso('2024-01-02 03:04:05')).toBe('2024-01-02T03:04:05');
  });

  it('keeps years past 9999 and BC suffixes readable', () => {
    expect(sqlTimestampToIso('12345-01-02 03:04:05+00')).toBe('12345-01-02T03:04:05+00:00');
    expect(sqlTimestampToIso('2024-01-02 03:04:05 BC')).toBe('2024-01-02T03:04:05 BC');
  });
});

describe('rowsToJsonSafe', () => {
  it('converts every value of the rows it is given, in place', () => {
    const row: unknown[] = [1n, new Date('2024-01-02T03:04:05.000Z'), Number.NaN, 'text', null];
    const rows = [row];
    expect(rowsToJsonSafe(rows)).toBe(rows);
    expect(row).toEqual([1, '2024-01-02T03:04:05.000Z', null, 'text', null]);
  });
});
