import { describe, expect, it, vi } from 'vitest';
import { chartPropsFor, seriesOf } from '../common/testing';
import { toAlpha3 } from './countries';
import { worldGeometry } from './geometry';
import { worldMapChartPlugin } from './index';
import { matchCountries, worldMapOption } from './option';
import type { WorldMapProps } from './props';

const formData = {
  viz_type: 'world_map',
  datasource: '3__table',
  entity: 'country_code',
  country_fieldtype: 'cca3',
  metric: 'sum__SP_RUR_TOTL_ZS',
  secondary_metric: 'sum__SP_POP_TOTL',
  show_bubbles: true,
  max_bubble_size: '25',
  row_limit: 10000,
  adhoc_filters: [],
};

const rows = [
  { country_code: 'USA', sum__SP_RUR_TOTL_ZS: 18, sum__SP_POP_TOTL: 321_000_000 },
  { country_code: 'FRA', sum__SP_RUR_TOTL_ZS: 20, sum__SP_POP_TOTL: 66_000_000 },
  { country_code: 'IND', sum__SP_RUR_TOTL_ZS: 67, sum__SP_POP_TOTL: 1_311_000_000 },
  // Not an ISO country (World Bank aggregate): Superset shows it nowhere, and so do we.
  { country_code: 'WLD', sum__SP_RUR_TOTL_ZS: 46, sum__SP_POP_TOTL: 7_300_000_000 },
];

const propsFor = (overrides: Record<string, unknown> = {}, extra: Parameters<typeof chartPropsFor>[2] = {}) =>
  worldMapChartPlugin.transformProps(
    chartPropsFor({ ...formData, ...overrides }, [{ data: rows }], extra),
  ) as WorldMapProps;

describe('world_map', () => {
  it('queries the country column with the colour and bubble metrics, ordered by the colour metric', () => {
    expect(worldMapChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['country_code'],
      metrics: ['sum__SP_RUR_TOTL_ZS', 'sum__SP_POP_TOTL'],
      orderby: [['sum__SP_RUR_TOTL_ZS', false]],
      row_limit: 10000,
    });
    // The same metric twice is queried once; sort_by_metric off drops the ordering.
    expect(
      worldMapChartPlugin.buildQuery({
        ...formData,
        secondary_metric: formData.metric,
        sort_by_metric: false,
      }).queries[0],
    ).toMatchObject({ metrics: ['sum__SP_RUR_TOTL_ZS'], orderby: [] });
  });

  it('resolves every country field type to alpha-3 codes', () => {
    expect(toAlpha3('cca2', 'us')).toBe('USA');
    expect(toAlpha3('cca3', 'fra')).toBe('FRA');
    expect(toAlpha3('cca3', 'WLD')).toBeUndefined();
    // Olympic codes are read as alpha-3 where they agree.
    expect(toAlpha3('cioc', 'USA')).toBe('USA');
    expect(toAlpha3('name', 'France')).toBe('FRA');
    expect(toAlpha3('name', 'United States of America')).toBe('USA');
    expect(toAlpha3('name', 'Atlantis')).toBeUndefined();
    expect(toAlpha3('cca2', '')).toBeUndefined();
  });

  it('passes rows, labels and Superset defaults to the component', () => {
    const props = propsFor({ color_picker: { r: 10, g: 20, b: 30, a: 0.5 } });
    expect(props.rows).toEqual([
      { entity: 'USA', value: 18, bubble: 321_000_000 },
      { entity: 'FRA', value: 20, bubble: 66_000_000 },
      { entity: 'IND', value: 67, bubble: 1_311_000_000 },
      { entity: 'WLD', value: 46, bubble: 7_300_000_000 },
    ]);
    expect(props).toMatchObject({
      fieldType: 'cca3',
      metricLabel: 'sum__SP_RUR_TOTL_ZS',
      bubbleLabel: 'sum__SP_POP_TOTL',
      showBubbles: true,
      maxBubbleSize: 25,
      bubbleColor: 'rgba(10, 20, 30, 0.5)',
      colorBy: 'metric',
    });
    const defaults = worldMapChartPlugin.transformProps(
      chartPropsFor({ viz_type: 'world_map', datasource: '1__table', entity: 'c', metric: 'm' }, [
        { data: [] },
      ]),
    ) as WorldMapProps;
    expect(defaults).toMatchObject({
      fieldType: 'cca2',
      showBubbles: false,
      bubbleColor: 'rgba(0, 122, 135, 1)',
    });
    expect(defaults.crossFilter).toBeUndefined();
  });

  it('matches rows to countries once, dropping values that name no country', () => {
    expect(
      matchCountries({
        fieldType: 'cca2',
        rows: [
          { entity: 'US', value: 1, bubble: null },
          { entity: 'us', value: 2, bubble: null },
          { entity: 'ZZ', value: 3, bubble: null },
          { entity: 'DE', value: 4, bubble: null },
        ],
      }),
    ).toEqual([
      { code: 'USA', entity: 'US', value: 1, bubble: null },
      { code: 'DEU', entity: 'DE', value: 4, bubble: null },
    ]);
  });

  it('names the geometry by alpha-3 code and puts bubbles on the main landmass', () => {
    const geometry = worldGeometry();
    const names = geometry.geoJson.features.map((feature) => feature.properties.name);
    expect(names).toEqual(expect.arrayContaining(['USA', 'FRA', 'IND', 'BRA', 'AUS', 'CHN']));
    expect(names.length).toBeGreaterThan(170);
    expect(names).not.toContain('ATA');
    // No ring jumps across the antimeridian (those draw streaks across a flat map).
    const jumps = geometry.geoJson.features.filter((item) => {
      const polygons =
        item.geometry.type === 'Polygon' ? [item.geometry.coordinates] : item.geometry.coordinates;
      return polygons.some((polygon) =>
        polygon.some((ring) =>
          ring.some(
            (point, index) => Math.abs((ring[index + 1]?.[0] ?? point[0] ?? 0) - (point[0] ?? 0)) > 180,
          ),
        ),
      );
    });
    expect(jumps.map((item) => item.properties.name)).toEqual([]);
    // France's largest polygon is in Europe, not French Guiana.
    const [lng = 0, lat = 0] = geometry.centers.get('FRA') ?? [];
    expect(lng).toBeGreaterThan(-5);
    expect(lng).toBeLessThan(10);
    expect(lat).toBeGreaterThan(42);
    expect(lat).toBeLessThan(51);
  });

  it('shades countries along the linear scheme and sizes bubbles by the second metric', () => {
    const option = worldMapOption(propsFor(), worldGeometry());
    const [map, bubbles] = seriesOf(option);
    expect(map).toMatchObject({ type: 'map', geoIndex: 0 });
    expect(map?.data).toEqual([
      { name: 'USA', value: 18, crossFilterKey: 'USA' },
      { name: 'FRA', value: 20, crossFilterKey: 'FRA' },
      { name: 'IND', value: 67, crossFilterKey: 'IND' },
    ]);
    expect(option.visualMap).toMatchObject({ type: 'continuous', min: 18, max: 67, seriesIndex: 0 });
    expect(bubbles).toMatchObject({ type: 'scatter', coordinateSystem: 'geo', name: 'sum__SP_POP_TOTL' });
    const symbolSize: unknown = bubbles?.symbolSize;
    if (typeof symbolSize !== 'function') throw new Error('symbolSize should scale with the metric');
    const size = (value: number[]): unknown => Reflect.apply(symbolSize, undefined, [value]);
    // The largest bubble gets a radius of max_bubble_size; areas scale with the metric.
    expect(size([0, 0, 1_311_000_000])).toBeCloseTo(50);
    expect(size([0, 0, 1_311_000_000 / 4])).toBeCloseTo(25);
  });

  it('colours by country without a visual map, and leaves bubbles off unless asked', () => {
    const option = worldMapOption(propsFor({ color_by: 'country', show_bubbles: false }), worldGeometry());
    const series = seriesOf(option);
    expect(series).toHaveLength(1);
    expect(option.visualMap).toBeUndefined();
    const data = series[0]?.data;
    expect(Array.isArray(data) && data.every((item) => typeof item === 'object' && 'itemStyle' in item)).toBe(
      true,
    );
  });

  it('cross-filters the country column by the value the dataset holds', () => {
    const setDataMask = vi.fn();
    const props = propsFor({}, { emitCrossFilters: true, hooks: { setDataMask } });
    expect(props.crossFilter).toMatchObject({ groupby: ['country_code'], target: 'dataKey' });
    expect(props.crossFilter?.labels.get('FRA')).toEqual(['FRA']);
  });

  it('offers the bubble colour in its control panel and the scheme that applies to the colour-by', () => {
    const controls = worldMapChartPlugin.controlPanel.sections.flatMap((section) =>
      section.controlSetRows.flat(),
    );
    const byName = (name: string) => controls.find((control) => control.name === name);
    expect(byName('color_picker')).toMatchObject({
      type: 'ColorPickerControl',
      label: 'Bubble Color',
      default: { r: 0, g: 122, b: 135, a: 1 },
      renderTrigger: true,
    });
    const linear = byName('linear_color_scheme');
    const categorical = byName('color_scheme');
    expect(linear?.visibility?.({ ...formData, color_by: 'metric' })).toBe(true);
    expect(categorical?.visibility?.({ ...formData, color_by: 'metric' })).toBe(false);
    expect(linear?.visibility?.({ ...formData, color_by: 'country' })).toBe(false);
    expect(categorical?.visibility?.({ ...formData, color_by: 'country' })).toBe(true);
  });

  it('clamps a stored bubble colour and fills missing channels from the default', () => {
    expect(propsFor({ color_picker: { r: 300, g: -5, b: '12', a: 7 } }).bubbleColor).toBe(
      'rgba(255, 0, 12, 1)',
    );
    expect(propsFor({ color_picker: { r: 40 } }).bubbleColor).toBe('rgba(40, 122, 135, 1)');
    expect(propsFor({ color_picker: 'red' }).bubbleColor).toBe('rgba(0, 122, 135, 1)');
  });
});
