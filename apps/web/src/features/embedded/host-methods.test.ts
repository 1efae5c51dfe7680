import { describe, expect, it } from 'vitest';
import { dataMaskChange } from './host-methods';

const native = { id: 'NATIVE_FILTER-a', filterState: { value: ['CA'] }, extraFormData: {} };
const cross = { id: '12', filterState: { value: ['boy'] }, extraFormData: {} };

describe('dataMaskChange (the SDK observeDataMask payload)', () => {
  it('is null when no mask changed', () => {
    const masks = { 'NATIVE_FILTER-a': native };
    expect(dataMaskChange(masks, masks)).toBeNull();
    expect(dataMaskChange(masks, { ...masks })).toBeNull();
  });

  it('says which kind changed and carries the new masks', () => {
    expect(dataMaskChange({}, { 'NATIVE_FILTER-a': native })).toEqual({
      'NATIVE_FILTER-a': native,
      nativeFiltersChanged: true,
      crossFiltersChanged: false,
    });
    expect(dataMaskChange({ 'NATIVE_FILTER-a': native }, { 'NATIVE_FILTER-a': native, 12: cross })).toEqual({
      'NATIVE_FILTER-a': native,
      12: cross,
      nativeFiltersChanged: false,
      crossFiltersChanged: true,
    });
    expect(dataMaskChange({ 'NATIVE_FILTER-a': native, 12: cross }, {})).toMatchObject({
      nativeFiltersChanged: true,
      crossFiltersChanged: true,
    });
  });
});
