import { describe, expect, it } from 'vitest';
import { hostThemeTokens } from './embedded-comms';
import { dataMaskChange, hostMethods } from './host-methods';

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

describe('hostThemeTokens (the SDK setThemeConfig payload)', () => {
  it("takes Superset's theme_default and theme_dark tokens", () => {
    expect(
      hostThemeTokens({
        themeConfig: {
          theme_default: { token: { colorPrimary: '#2f54eb', borderRadius: 2 }, algorithm: 'default' },
          theme_dark: { token: { colorBgLayout: '#101820' }, algorithm: 'dark' },
        },
      }),
    ).toEqual({ light: { colorPrimary: '#2f54eb', borderRadius: 2 }, dark: { colorBgLayout: '#101820' } });
  });

  it('takes a bare antd theme as the light one, and ignores what is not a theme config', () => {
    expect(hostThemeTokens({ themeConfig: { token: { colorPrimary: '#000' } } })).toEqual({
      light: { colorPrimary: '#000' },
    });
    expect(hostThemeTokens({ themeConfig: {} })).toEqual({});
    expect(hostThemeTokens({ themeConfig: { token: { colorPrimary: { nested: true } } } })).toBeNull();
    expect(hostThemeTokens({ theme_default: {} })).toBeNull();
    expect(hostThemeTokens(null)).toBeNull();
  });
});

describe('hostMethods', () => {
  it('answers getChartStates with the empty map: no chart keeps view state', () => {
    const methods = hostMethods(
      () => {
        throw new Error('getChartStates needs no state');
      },
      () => Promise.reject(new Error('getChartStates asks the host nothing')),
    );
    expect(methods.getChartStates?.(undefined)).toEqual({});
  });
});
