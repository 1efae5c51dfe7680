import type { NativeFilter } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { initialMasks } from './native-filters.slice';
import { preselectedMasks } from './url-state';

const gender: NativeFilter = {
  id: 'NATIVE_FILTER-gender',
  type: 'NATIVE_FILTER',
  name: 'Gender',
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'gender' } }],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};
const time: NativeFilter = {
  ...gender,
  id: 'NATIVE_FILTER-time',
  name: 'Time',
  filterType: 'filter_time',
  targets: [{}],
};
const search = (rison: string) => `?standalone=0&native_filters=${encodeURIComponent(rison)}`;

describe('preselectedMasks (rison native_filters, spec 001 §2)', () => {
  it('reads the masks of a Superset-style preselect as they are', () => {
    const masks = preselectedMasks(
      search(
        '(NATIVE_FILTER-gender:(extraFormData:(filters:!((col:gender,op:IN,val:!(boy)))),filterState:(value:!(boy)),id:NATIVE_FILTER-gender))',
      ),
      [gender],
    );
    expect(masks).toEqual({
      'NATIVE_FILTER-gender': {
        id: 'NATIVE_FILTER-gender',
        extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] },
        filterState: { value: ['boy'] },
      },
    });
  });

  it('builds the query part of a mask that names only a value, from the filter it targets', () => {
    const masks = preselectedMasks(
      search("(NATIVE_FILTER-time:(filterState:(value:'2000-01-01 : 2001-01-01')))"),
      [gender, time],
    );
    expect(masks?.['NATIVE_FILTER-time']?.extraFormData).toEqual({ time_range: '2000-01-01 : 2001-01-01' });
  });

  it('lets the preselect win over defaults while other filters keep theirs', () => {
    const withDefault: NativeFilter = {
      ...gender,
      defaultDataMask: { filterState: { value: ['girl'] }, extraFormData: { filters: [] } },
    };
    const masks = preselectedMasks(search("(NATIVE_FILTER-time:(filterState:(value:'Last year')))"), [
      withDefault,
      time,
    ]);
    const all = initialMasks([withDefault, time], masks ?? {});
    expect(all['NATIVE_FILTER-time']?.extraFormData).toEqual({ time_range: 'Last year' });
    expect(all['NATIVE_FILTER-gender']?.filterState).toEqual({ value: ['girl'] });
  });

  it('accepts the JSON form and ignores what is absent or not a mask map', () => {
    const json = JSON.stringify({ 'NATIVE_FILTER-gender': { filterState: { value: ['girl'] } } });
    expect(preselectedMasks(search(json), [gender])?.['NATIVE_FILTER-gender']?.extraFormData).toEqual({
      filters: [{ col: 'gender', op: 'IN', val: ['girl'] }],
    });
    expect(preselectedMasks('?edit=true', [gender])).toBeNull();
    expect(preselectedMasks(search('(broken'), [gender])).toBeNull();
    expect(preselectedMasks(search('!(1,2)'), [gender])).toBeNull();
  });
});
