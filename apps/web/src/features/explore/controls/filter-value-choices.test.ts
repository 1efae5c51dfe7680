import { describe, expect, it } from 'vitest';
import { valueChoice } from './filter-value-choices';

const text = { is_dttm: false, type_generic: 1 } as const;
const numeric = { is_dttm: false, type_generic: 0 } as const;
const time = { is_dttm: true, type_generic: 2 } as const;

describe('valueChoice', () => {
  it('leaves NULL out and keeps numbers as numbers', () => {
    expect(valueChoice(null, text)).toBeNull();
    expect(valueChoice(7, numeric)).toEqual({ value: 7, label: '7' });
    expect(valueChoice('CA', text)).toEqual({ value: 'CA', label: 'CA' });
    expect(valueChoice(true, text)).toEqual({ value: 'true', label: 'true' });
  });

  it('offers a time as the UTC text a filter compares with', () => {
    const ms = Date.UTC(2008, 0, 2, 3, 4, 5);
    expect(valueChoice(ms, time)).toEqual({ value: '2008-01-02 03:04:05', label: '2008-01-02 03:04:05' });
  });
});
