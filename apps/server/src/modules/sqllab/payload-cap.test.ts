import { describe, expect, it } from 'vitest';
import { PayloadMeter, megabytesText, payloadCapBytes, resultTooLarge } from './payload-cap';
import { responseColumns, rowObjects } from './payload';

const columns = [
  { name: 'n', type: 'INTEGER', type_generic: 0 as const, is_dttm: false },
  { name: 'label', type: 'TEXT', type_generic: 1 as const, is_dttm: false },
];
const rows = Array.from({ length: 450 }, (_, i) => [i, `row ${String(i)} é`]);

describe('the SQL Lab payload cap', () => {
  it('counts mebibytes and is off without a setting', () => {
    expect(payloadCapBytes({ SQLLAB_PAYLOAD_MAX_MB: null })).toBeNull();
    expect(payloadCapBytes({ SQLLAB_PAYLOAD_MAX_MB: 0.5 })).toBe(524_288);
  });

  it('measures the UTF-8 bytes of the columns and the rows as the body spells them', () => {
    const meter = new PayloadMeter(columns);
    expect(meter.add(rows, Number.POSITIVE_INFINITY)).toBe(false);
    const shaped = responseColumns(columns);
    const whole =
      2 * Buffer.byteLength(JSON.stringify(shaped)) +
      Buffer.byteLength(JSON.stringify(rowObjects(shaped, rows)));
    // Each 200-row piece counts its own brackets: at most one byte more per piece than the array.
    expect(meter.bytes).toBeGreaterThanOrEqual(whole);
    expect(meter.bytes).toBeLessThanOrEqual(whole + 4);
  });

  it('stops measuring once over the cap', () => {
    const meter = new PayloadMeter(columns);
    expect(meter.add(rows, 100)).toBe(true);
    const full = new PayloadMeter(columns);
    full.add(rows, Number.POSITIVE_INFINITY);
    expect(meter.bytes).toBeGreaterThan(100);
    expect(meter.bytes).toBeLessThan(full.bytes);
  });

  it('rounds sizes up, so a size just over the cap never reads as the cap', () => {
    expect(megabytesText(1024 * 1024 * 0.010_001)).toBe('0.0101');
    expect(megabytesText(1024 * 1024 * 0.5)).toBe('0.5');
    expect(megabytesText(1024 * 1024 * 152.31)).toBe('153');
  });

  it('fails with RESULT_TOO_LARGE_ERROR and issue 1041', () => {
    const failure = resultTooLarge(3 * 1024 * 1024, 2, true);
    expect(failure.status).toBe(400);
    expect(failure.state).toBe('failed');
    expect(failure.error).toMatchObject({
      error_type: 'RESULT_TOO_LARGE_ERROR',
      level: 'error',
      extra: { payload_max_mb: 2 },
    });
    expect(failure.error.extra?.issue_codes).toEqual([
      { code: 1041, message: expect.stringContaining('1041') as unknown },
    ]);
    expect(failure.error.message).toContain('The query result is 3 MB, over the 2 MB');
    expect(resultTooLarge(3 * 1024 * 1024, 2, false).error.message).toContain('more than 3 MB');
  });
});
