import { describe, expect, it, vi } from 'vitest';
import type { DataMask } from '../../plugin-api';
import { chartPropsFor, seriesOf } from '../common/testing';
import { pieChartPlugin } from '.';

const formData = {
  datasource: '1__table',
  viz_type: 'pie',
  groupby: ['gender'],
  metric: 'count',
  row_limit: 100,
  label_type: 'key_percent',
  color_scheme: 'd3Category10',
};

describe('pie', () => {
  it('orders by the metric descending unless sort_by_metric is off', () => {
    expect(pieChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['gender'],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 100,
    });
    expect(pieChartPlugin.buildQuery({ ...formData, sort_by_metric: false }).queries[0]?.orderby).toEqual([]);
  });

  it('makes one slice per row labelled with its share', () => {
    const props = pieChartPlugin.transformProps(
      chartPropsFor(formData, [
        {
          colnames: ['gender', 'count'],
          data: [
            { gender: 'boy', count: 75 },
            { gender: 'girl', count: 25 },
          ],
        },
      ]),
    ) as { option: object };
    const [series] = seriesOf(props.option);
    expect(series).toMatchObject({
      type: 'pie',
      data: [
        {
          name: 'boy',
          value: 75,
          itemStyle: { color: '#1f77b4' },
          label: { formatter: 'boy: 75.00%', show: true },
        },
        { name: 'girl', value: 25, itemStyle: { color: '#ff7f0e' }, label: { formatter: 'girl: 25.00%' } },
      ],
    });
  });

  it('hides labels of slices under the threshold and dims unselected slices', () => {
    const setDataMask = vi.fn<(mask: DataMask) => void>();
    const props = pieChartPlugin.transformProps(
      chartPropsFor(
        formData,
        [
          {
            data: [
              { gender: 'boy', count: 98 },
              { gender: 'girl', count: 2 },
            ],
          },
        ],
        { hooks: { setDataMask }, emitCrossFilters: true, filterState: { selectedValues: ['boy'] } },
      ),
    ) as { option: object; crossFilter?: { target: string; selected: string[] } };
    const [series] = seriesOf(props.option);
    expect(series).toMatchObject({
      data: [
        { label: { show: true }, itemStyle: { opacity: 1 } },
        { label: { show: false }, itemStyle: { opacity: 0.3 } },
      ],
    });
    expect(props.crossFilter).toMatchObject({ target: 'name', selected: ['boy'] });
  });
});
