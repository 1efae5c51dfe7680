import { describe, expect, it } from 'vitest';
import {
  readEmbeddedFilterFlags,
  paramAsBoolean,
  paramAsNumber,
  paramAsObject,
  readFocusedChart,
  readPrintAllTabs,
  readPrintTabs,
  readUiConfig,
  urlParams,
} from './url-params';

describe('urlParams', () => {
  const search = '?standalone=1&edit=true&country=FR&uiConfig=3&year=2020&native_filters=%7B%7D';
  it('drops the reserved parameters, leaving what charts receive', () => {
    expect(urlParams(search, 'reserved')).toEqual({ country: 'FR', year: '2020' });
  });
  it('drops the regular parameters, leaving what the page reads', () => {
    expect(urlParams(search, 'regular')).toEqual({
      standalone: '1',
      edit: 'true',
      uiConfig: '3',
      native_filters: '{}',
    });
  });
});

describe('readUiConfig', () => {
  it('reads each bit on its own', () => {
    expect(readUiConfig('?uiConfig=1')).toEqual({
      hideTitle: true,
      hideTabBar: false,
      hideNav: false,
      hideChartControls: false,
    });
    expect(readUiConfig('?uiConfig=2').hideTabBar).toBe(true);
    expect(readUiConfig('?uiConfig=4').hideNav).toBe(true);
    expect(readUiConfig('?uiConfig=8').hideChartControls).toBe(true);
  });
  it('combines bits and standalone modes', () => {
    expect(readUiConfig('?uiConfig=10')).toMatchObject({
      hideTabBar: true,
      hideChartControls: true,
      hideNav: false,
    });
    expect(readUiConfig('?standalone=2')).toMatchObject({
      hideNav: true,
      hideTitle: true,
      hideChartControls: false,
    });
    expect(readUiConfig('?standalone=3').hideChartControls).toBe(true);
  });
  it('ignores junk', () => {
    expect(readUiConfig('?uiConfig=abc')).toEqual(readUiConfig(''));
  });
});

describe('value readers', () => {
  it('reads numbers, booleans, objects and focused chart ids', () => {
    expect(paramAsNumber('12.5')).toBe(12.5);
    expect(paramAsNumber('x')).toBeNull();
    expect(paramAsBoolean('1')).toBe(true);
    expect(paramAsBoolean('false')).toBe(false);
    expect(paramAsBoolean('maybe')).toBeNull();
    expect(paramAsObject('{"a":1}')).toEqual({ a: 1 });
    expect(paramAsObject('[1]')).toBeNull();
    expect(readFocusedChart('?focused_chart=42')).toBe(42);
    expect(readFocusedChart('?focused_chart=4x')).toBeNull();
  });
});

describe('readPrintAllTabs', () => {
  it('stacks the tabs only in report mode', () => {
    expect(readPrintAllTabs('?standalone=3&print_all_tabs=1')).toBe(true);
    expect(readPrintAllTabs('?standalone=1&print_all_tabs=1')).toBe(false);
    expect(readPrintAllTabs('?standalone=3&print_all_tabs=0')).toBe(false);
    expect(readPrintAllTabs('?standalone=3')).toBe(false);
  });
  it('is reserved: charts do not receive it as a url parameter', () => {
    expect(urlParams('?standalone=3&print_all_tabs=1&a=b', 'reserved')).toEqual({ a: 'b' });
  });
});

describe('readPrintTabs', () => {
  const list = encodeURIComponent(JSON.stringify(['TAB-a', 'TAB-b']));
  it('reads the listed tabs in order, in report mode only', () => {
    expect(readPrintTabs(`?standalone=3&print_tabs=${list}`)).toEqual(['TAB-a', 'TAB-b']);
    expect(readPrintTabs(`?standalone=2&print_tabs=${list}`)).toEqual([]);
  });
  it('ignores anything but a JSON list of ids', () => {
    expect(readPrintTabs('?standalone=3&print_tabs=TAB-a')).toEqual([]);
    expect(readPrintTabs('?standalone=3&print_tabs=%5B1%5D')).toEqual([]);
    expect(readPrintTabs('?standalone=3&print_tabs=%7B%7D')).toEqual([]);
  });
  it('is reserved', () => {
    expect(urlParams(`?standalone=3&print_tabs=${list}&a=b`, 'reserved')).toEqual({ a: 'b' });
  });
});

describe('readEmbeddedFilterFlags', () => {
  it("reads the embedded SDK's filter settings; absent means shown and expanded", () => {
    expect(readEmbeddedFilterFlags('?uiConfig=9')).toEqual({ visible: true, expanded: true });
    expect(readEmbeddedFilterFlags('?show_filters=false&expand_filters=true')).toEqual({
      visible: false,
      expanded: true,
    });
    expect(readEmbeddedFilterFlags('?expand_filters=false')).toEqual({ visible: true, expanded: false });
  });
  it('keeps them from the charts: they are reserved', () => {
    expect(urlParams('?show_filters=false&expand_filters=false&a=b', 'reserved')).toEqual({ a: 'b' });
  });
});
