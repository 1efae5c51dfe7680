import type { EChartsOption, TreemapSeriesOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetric } from '../../query/labels';
import { asBoolean, asOptionalString, asString, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { tooltipOption } from '../../echarts/options';
import { resultAt, rowsOf } from '../common/queryResult';
import { crossFilterConfig } from '../common/crossFilterConfig';
import { labelPointMenu } from '../common/pointMenuConfig';
import { buildTree, flattenTree, type TreeNode } from '../common/tree';
import type { EChartsChartProps } from '../common/echartsProps';

type TreemapData = NonNullable<TreemapSeriesOption['data']>;

/** groupby levels → nested rectangles sized by the metric; top-level nodes get the categorical colours. */
export function transformTreemapProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const rows = rowsOf(resultAt(chartProps));
  const metric = parseMetric(formData.metric);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const groupby = parseColumns(formData.groupby).map(getColumnLabel);
  const formatter = getNumberFormatter(asOptionalString(formData.number_format));
  const color = chartColorScale(chartProps);
  const tree = buildTree(rows, groupby, metricLabel);
  const labels = new Map(flattenTree(tree).map((node) => [node.crossFilterKey, node.path]));
  const crossFilter = crossFilterConfig(chartProps, groupby, labels, 'dataKey');
  const pointMenu = labelPointMenu(chartProps, groupby, labels, 'dataKey');
  const selected = new Set(crossFilter?.selected ?? []);
  const labelType = asString(formData.label_type, 'key_value');
  const toData = (nodes: TreeNode[], depth: number): TreemapData =>
    nodes.map((node) => ({
      name: node.name,
      value: node.value,
      crossFilterKey: node.crossFilterKey,
      ...(depth === 0 ? { itemStyle: { color: color(node.name) } } : {}),
      ...(selected.size > 0 && !selected.has(node.crossFilterKey) ? { itemStyle: { opacity: 0.4 } } : {}),
      ...(node.children.length > 0 ? { children: toData(node.children, depth + 1) } : {}),
    }));
  const option: EChartsOption = {
    tooltip: { ...tooltipOption(theme, 'item'), valueFormatter: (value) => formatter(toNumber(value)) },
    series: [
      {
        type: 'treemap',
        name: metricLabel,
        width: '100%',
        height: '100%',
        nodeClick: false,
        roam: false,
        breadcrumb: { show: false },
        label: {
          show: asBoolean(formData.show_labels, true),
          formatter: (params: { name: string; value?: unknown }) => {
            const value = formatter(toNumber(params.value));
            return labelType === 'key'
              ? params.name
              : labelType === 'value'
                ? value
                : `${params.name}\n${value}`;
          },
        },
        upperLabel: { show: asBoolean(formData.show_upper_labels, true), height: 20 },
        levels: [{ itemStyle: { gapWidth: 2 } }, { itemStyle: { gapWidth: 1 } }],
        data: toData(tree, 0),
      },
    ],
  };
  return {
    option,
    width,
    height,
    ...(crossFilter ? { crossFilter } : {}),
    ...(pointMenu ? { pointMenu } : {}),
  };
}
