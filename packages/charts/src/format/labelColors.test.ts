import { describe, expect, it } from 'vitest';
import { chartPropsFor, seriesOf } from '../plugins/common/testing';
import { pieChartPlugin } from '../plugins/pie';
import { getChartPlugin } from '../registry';
import '../plugins';
import { getCategoricalColors } from './colorSchemes';
import { chartColorScale, createLabelColorResolver } from './labelColors';

const d3 = getCategoricalColors('d3Category10');
const superset = getCategoricalColors('supersetColors');

describe('createLabelColorResolver', () => {
  it('gives a label one colour from the dashboard scheme, whichever chart asks', () => {
    const resolver = createLabelColorResolver({ scheme: 'd3Category10' });
    expect(resolver.color('boy', 'supersetColors')).toBe(d3[0]);
    expect(resolver.color('girl')).toBe(d3[1]);
    // A second chart with another scheme and another order still gets the same colours.
    expect(resolver.color('girl', 'bnbColors')).toBe(d3[1]);
    expect(resolver.color('boy', 'bnbColors')).toBe(d3[0]);
    expect(resolver.snapshot()).toEqual({ boy: d3[0], girl: d3[1] });
  });

  it('lets user-fixed label_colors win and skips their colours for other labels', () => {
    const resolver = createLabelColorResolver({ scheme: 'd3Category10', labelColors: { girl: d3[0] ?? '' } });
    expect(resolver.color('girl')).toBe(d3[0]);
    expect(resolver.color('boy')).toBe(d3[1]);
    expect(resolver.snapshot()).toEqual({ girl: d3[0], boy: d3[1] });
  });

  it('uses the chart scheme for a label first seen when the dashboard has no scheme', () => {
    const resolver = createLabelColorResolver({ scheme: null });
    expect(resolver.color('a', 'd3Category10')).toBe(d3[0]);
    expect(resolver.color('b', '')).toBe(superset[0]);
    expect(resolver.color('a', 'supersetColors')).toBe(d3[0]);
  });

  it('keeps a saved shared map, unless its colour is not in the scheme any more', () => {
    const resolver = createLabelColorResolver({
      scheme: 'd3Category10',
      shared: { boy: d3[3] ?? '', girl: '#123456' },
    });
    expect(resolver.color('boy')).toBe(d3[3]);
    expect(resolver.color('girl')).toBe(d3[0]);
  });

  it('cycles through the scheme once every colour is held', () => {
    const resolver = createLabelColorResolver({ scheme: 'd3Category10' });
    const colors = Array.from({ length: d3.length + 2 }, (_, i) => resolver.color(`label ${String(i)}`));
    expect(colors.slice(0, d3.length)).toEqual([...d3]);
    expect(colors.slice(d3.length)).toEqual([d3[0], d3[1]]);
  });
});

describe('chartColorScale', () => {
  it('falls back to the chart scheme alone without a resolver', () => {
    const scale = chartColorScale({
      formData: { viz_type: 'pie', datasource: '1__table', color_scheme: 'd3Category10' },
    });
    expect(scale('x')).toBe(d3[0]);
  });

  it('colours a pie through the dashboard resolver passed in its render props', () => {
    const resolver = createLabelColorResolver({ scheme: 'd3Category10' });
    resolver.color('girl');
    const formData = { datasource: '1__table', viz_type: 'pie', groupby: ['gender'], metric: 'count' };
    const rows = [
      { gender: 'boy', count: 3 },
      { gender: 'girl', count: 2 },
    ];
    const props = pieChartPlugin.transformProps(
      chartPropsFor(formData, [{ colnames: ['gender', 'count'], data: rows }], { labelColors: resolver }),
    ) as { option: object };
    const data = (seriesOf(props.option)[0]?.data ?? []) as { name: string; itemStyle: { color: string } }[];
    expect(Object.fromEntries(data.map((d) => [d.name, d.itemStyle.color]))).toEqual({
      girl: d3[0],
      boy: d3[1],
    });
  });

  it("colours a one-metric line series by its group, as the server's 'total, boy' stands for 'boy'", () => {
    const resolver = createLabelColorResolver({ scheme: 'd3Category10' });
    resolver.color('girl');
    resolver.color('boy');
    const plugin = getChartPlugin('echarts_timeseries_line');
    const formData = {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' }],
      groupby: ['gender'],
    };
    const props = plugin?.transformProps(
      chartPropsFor(
        formData,
        [
          {
            colnames: ['ds', 'total, boy', 'total, girl'],
            label_map: { ds: ['ds'], 'total, boy': ['total, boy'], 'total, girl': ['total, girl'] },
            data: [{ ds: 0, 'total, boy': 1, 'total, girl': 2 }],
          },
        ],
        { labelColors: resolver },
      ),
    ) as { option: object };
    const colors = seriesOf(props.option).map((s) => (s.itemStyle as { color: string }).color);
    expect(colors).toEqual([d3[1], d3[0]]);
  });
});
