import { describe, expect, it } from 'vitest';
import { categoricalColorScale, getCategoricalColors, sequentialColor } from './colorSchemes';
import { formatNumber, isValidNumberFormat } from './numberFormat';
import { formatTime, getGrainTimeFormatter } from './timeFormat';

describe('number formats', () => {
  it('formats adaptively by default', () => {
    expect(formatNumber(undefined, 0)).toBe('0');
    expect(formatNumber('SMART_NUMBER', 12345.432)).toBe('12.3k');
    expect(formatNumber('SMART_NUMBER', 2_500_000_000)).toBe('2.5B');
    expect(formatNumber('SMART_NUMBER', 3.14159)).toBe('3.142');
    expect(formatNumber('SMART_NUMBER', null)).toBe('N/A');
  });
  it('uses d3-format specifiers', () => {
    expect(formatNumber(',d', 12345.432)).toBe('12,345');
    expect(formatNumber('.3s', 12345.432)).toBe('12.3k');
    expect(formatNumber(',.2%', 0.12345)).toBe('12.35%');
  });
  it('formats durations in ms', () => {
    expect(formatNumber('DURATION', 3_720_000)).toBe('1h 2m');
    expect(formatNumber('DURATION', 66_000)).toBe('1m 6s');
    expect(formatNumber('DURATION', 1500)).toBe('1.5s');
    expect(formatNumber('DURATION', 250)).toBe('250ms');
    expect(formatNumber('DURATION_COL', 10_500)).toBe('0:10.5');
  });
  it('formats memory with decimal and binary steps', () => {
    expect(formatNumber('MEMORY_DECIMAL', 1024)).toBe('1.024kB');
    expect(formatNumber('MEMORY_BINARY', 1024)).toBe('1KiB');
    expect(formatNumber('MEMORY_BINARY', 1536 * 1024)).toBe('1.5MiB');
    expect(formatNumber('MEMORY_DECIMAL', 2_000_000)).toBe('2MB');
  });
  it('falls back to adaptive formatting for invalid specifiers', () => {
    expect(formatNumber('not a format %%', 1500)).toBe('1.5k');
  });
});

describe('isValidNumberFormat', () => {
  it('accepts named formats and d3 specifiers, and refuses text d3-format cannot read', () => {
    expect(isValidNumberFormat('SMART_NUMBER')).toBe(true);
    expect(isValidNumberFormat('MEMORY_BINARY')).toBe(true);
    expect(isValidNumberFormat(',.2f')).toBe(true);
    expect(isValidNumberFormat('$,.0f')).toBe(true);
    expect(isValidNumberFormat('not a format')).toBe(false);
    expect(isValidNumberFormat('.2f.')).toBe(false);
  });
});

describe('time formats', () => {
  it('formats UTC times with d3-time-format specifiers', () => {
    expect(formatTime('%Y-%m-%d', Date.UTC(2019, 0, 14, 1, 32, 10))).toBe('2019-01-14');
    expect(formatTime('%Y-%m-%d %H:%M:%S', '2019-01-14T01:32:10')).toBe('2019-01-14 01:32:10');
  });
  it('picks the coarsest unit that changes for smart_date', () => {
    expect(formatTime('smart_date', Date.UTC(2020, 0, 1))).toBe('2020');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 1))).toBe('May');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 7))).toBe('May 07');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 7, 13, 5))).toBe('13:05');
  });
});

describe('colour schemes', () => {
  it('falls back to supersetColors for unknown names', () => {
    expect(getCategoricalColors('nope')).toEqual(getCategoricalColors('supersetColors'));
    expect(getCategoricalColors('supersetColors')[0]).toBe('#1FA8C9');
  });
  it('keeps the colour a label got first', () => {
    const scale = categoricalColorScale('d3Category10');
    expect(scale('a')).toBe('#1f77b4');
    expect(scale('b')).toBe('#ff7f0e');
    expect(scale('a')).toBe('#1f77b4');
  });
  it('interpolates sequential schemes and clamps the position', () => {
    expect(sequentialColor('blues', 0)).toBe('#eff3ff');
    expect(sequentialColor('blues', 1)).toBe('#08306b');
    expect(sequentialColor('blues', 7)).toBe('#08306b');
    expect(sequentialColor('unknown', 0)).toBe('#ecf7ed');
  });
});

describe('time formats by grain', () => {
  const at = Date.UTC(2001, 0, 1);
  const later = Date.UTC(2001, 4, 7, 13, 45, 30);
  it('shows a value at its grain precision under smart_date', () => {
    expect(getGrainTimeFormatter('smart_date', 'P1Y')(at)).toBe('2001');
    expect(getGrainTimeFormatter(undefined, 'P3M')(later)).toBe('2001-05');
    expect(getGrainTimeFormatter('smart_date', 'P1M')(at)).toBe('2001-01');
    expect(getGrainTimeFormatter('smart_date', 'P1D')(at)).toBe('2001-01-01');
    expect(getGrainTimeFormatter('smart_date', '1969-12-28T00:00:00Z/P1W')(later)).toBe('2001-05-07');
    expect(getGrainTimeFormatter('smart_date', 'PT1H')(later)).toBe('2001-05-07 13:45');
    expect(getGrainTimeFormatter('smart_date', 'PT15M')(later)).toBe('2001-05-07 13:45');
    expect(getGrainTimeFormatter('smart_date', 'PT1S')(later)).toBe('2001-05-07 13:45:30');
  });
  it('reads ISO strings the same way as epoch milliseconds', () => {
    expect(getGrainTimeFormatter('smart_date', 'P1Y')('2001-01-01T00:00:00.000Z')).toBe('2001');
    expect(getGrainTimeFormatter('smart_date', 'P1M')('2001-01-01T00:00:00')).toBe('2001-01');
  });
  it('shows the whole date, and the time when there is one, without a grain', () => {
    expect(getGrainTimeFormatter('smart_date', null)(at)).toBe('2001-01-01');
    expect(getGrainTimeFormatter(undefined, undefined)(later)).toBe('2001-05-07 13:45:30');
  });
  it('honours a chosen date format over the grain', () => {
    expect(getGrainTimeFormatter('%d/%m/%Y', 'P1Y')(later)).toBe('07/05/2001');
  });
  it('leaves values that are not dates as they are', () => {
    expect(getGrainTimeFormatter('smart_date', 'P1Y')('not a date')).toBe('not a date');
  });
});
