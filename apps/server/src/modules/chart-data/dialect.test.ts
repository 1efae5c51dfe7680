import { LEGACY_TIME_GRAINS, TIME_GRAINS } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { ChartDataError } from './chart-data-error';
import { dialectFor } from './dialect';

describe('dialect literals', () => {
  it('doubles quotes and keeps unicode on every engine', () => {
    for (const engine of ['postgresql', 'mysql', 'sqlite', 'duckdb'] as const) {
      const d = dialectFor(engine);
      expect(d.literal("it's")).toBe("'it''s'");
      expect(d.literal("''; DROP TABLE x; --")).toBe("'''''; DROP TABLE x; --'");
      expect(d.literal('日本語 ☃ \u{1F600}')).toBe("'日本語 ☃ \u{1F600}'");
      expect(d.literal(null)).toBe('NULL');
      expect(d.literal(-1.5e3)).toBe('-1500');
    }
  });

  it('writes backslashes so that every server setting reads the same value', () => {
    expect(dialectFor('postgresql').literal("a\\'b")).toBe("E'a\\\\''b'");
    expect(dialectFor('mysql').literal("a\\'b")).toBe("_utf8mb4 X'615C2762'");
    expect(dialectFor('sqlite').literal('a\\b')).toBe("'a\\b'");
    expect(dialectFor('duckdb').literal('a\\b')).toBe("'a\\b'");
  });

  it('writes booleans per engine and refuses NUL and non-finite numbers', () => {
    expect(dialectFor('sqlite').literal(true)).toBe('1');
    expect(dialectFor('postgresql').literal(false)).toBe('FALSE');
    expect(() => dialectFor('postgresql').literal('a\0b')).toThrow(ChartDataError);
    expect(() => dialectFor('mysql').literal(Number.NaN)).toThrow(ChartDataError);
  });

  it('quotes identifiers with embedded quotes', () => {
    expect(dialectFor('postgresql').quote('we"ird')).toBe('"we""ird"');
    expect(dialectFor('mysql').quote('we`ird')).toBe('`we``ird`');
  });

  it('has an expression for every time grain on every engine', () => {
    for (const engine of ['postgresql', 'mysql', 'sqlite', 'duckdb'] as const)
      for (const grain of [...TIME_GRAINS, ...LEGACY_TIME_GRAINS])
        expect(
          dialectFor(engine).timeGrain('"ts"', grain.duration),
          `${engine} ${grain.duration}`,
        ).not.toBeNull();
    expect(dialectFor('postgresql').timeGrain('"ts"', 'P2Y')).toBeNull();
    expect(dialectFor('postgresql').timestamp(new Date('2024-02-29T12:34:56.789Z'))).toBe(
      "TIMESTAMP '2024-02-29 12:34:56.789'",
    );
  });
});
