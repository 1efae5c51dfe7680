import { describe, expect, it } from 'vitest';
import { instantsBetween } from './report-instants';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('instantsBetween', () => {
  it('keeps a weekly 09:00 Europe/Paris at 09:00 local across the March change', () => {
    // 2027-03-28 is the last Sunday of March: Paris moves from UTC+1 to UTC+2.
    const runs = instantsBetween(
      '0 9 * * 1',
      'Europe/Paris',
      new Date('2027-03-20T00:00:00Z'),
      new Date('2027-04-01T00:00:00Z'),
    );
    expect(iso(runs)).toEqual(['2027-03-22T08:00:00.000Z', '2027-03-29T07:00:00.000Z']);
    const local = runs.map((date) =>
      date.toLocaleTimeString('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }),
    );
    expect(local).toEqual(['09:00', '09:00']);
  });

  it('keeps the October change too', () => {
    const runs = instantsBetween(
      '0 9 * * 1',
      'Europe/Paris',
      new Date('2027-10-25T00:00:00Z'),
      new Date('2027-11-02T00:00:00Z'),
    );
    expect(iso(runs)).toEqual(['2027-10-25T07:00:00.000Z', '2027-11-01T08:00:00.000Z']);
  });

  it('counts both ends of the window, and nothing outside it', () => {
    const from = new Date('2027-01-01T10:00:00Z');
    expect(iso(instantsBetween('* * * * *', 'UTC', from, new Date('2027-01-01T10:00:59Z')))).toEqual([
      '2027-01-01T10:00:00.000Z',
    ]);
    expect(iso(instantsBetween('*/20 * * * *', 'UTC', from, new Date('2027-01-01T11:00:00Z')))).toEqual([
      '2027-01-01T10:00:00.000Z',
      '2027-01-01T10:20:00.000Z',
      '2027-01-01T10:40:00.000Z',
      '2027-01-01T11:00:00.000Z',
    ]);
  });

  it('yields nothing for a pattern or zone croner cannot read', () => {
    const from = new Date('2027-01-01T00:00:00Z');
    const to = new Date('2027-01-02T00:00:00Z');
    expect(instantsBetween('not a cron', 'UTC', from, to)).toEqual([]);
    expect(instantsBetween('0 9 * * *', 'Mars/Olympus', from, to)).toEqual([]);
  });
});
