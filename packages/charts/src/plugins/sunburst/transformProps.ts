import type { EChartsOption, SunburstSeriesOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetric } from '../../query/labels';
import { asBoolean, asOptionalString, asString, toNumber } from '../../query/values';
import { sequentialColor } from '../../format/colorSchemes';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { tooltipOption } from '../../echarts/options';
import { resultAt, rowsOf } from '../common/queryResult';
import { crossFilterConfig } from '../common/crossFilterConfig';
import { labelPointMenu } from '../common/pointMenuConfig';
import { buildTree, flattenTree, type TreeNode } from '../common/tree';
import type { EChartsChartProps } from '../common/echartsProps';

type SunburstData = NonNullable<SunburstSeriesOption['data']>;

/**
 * `columns` levels → rings sized by `metric`. With a `secondary_metric` each node is coloured on the
 * sequential scheme by secondary/primary (Superset's ratio colouring); otherwise by its top-level ancestor.
 */
export function transformSunburstProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const rows = rowsOf(resultAt(chartProps));
  const metric = parseMetric(formData.metric);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const secondary = parseMetric(formData.secondary_metric);
  const secondaryLabel = secondary === undefined ? undefined : getMetricLabel(secondary);
  const levels = parseColumns(formData.columns).map(getColumnLabel);
  const formatter = getNumberFormatter(asOptionalString(formData.number_format));
  const color = chartColorScale(chartProps);
  const tree = buildTree(
    rows,
    levels,
    metricLabel,
    secondaryLabel === metricLabel ? undefined : secondaryLabel,
  );
  const nodes = flattenTree(tree);
  const ratios = nodes.map((node) =>
    node.secondary !== undefined && node.value !== 0 ? node.secondary / node.value : 0,
  );
  const minRatio = ratios.length === 0 ? 0 : Math.min(...ratios);
  const maxRatio = ratios.length === 0 ? 0 : Math.max(...ratios);
  const labels = new Map(nodes.map((node) => [node.crossFilterKey, node.path]));
  const crossFilter = crossFilterConfig(chartProps, levels, labels, 'dataKey');
  const pointMenu = labelPointMenu(chartProps, levels, labels, 'dataKey');
  const selected = new Set(crossFilter?.selected ?? []);
  const linearScheme = asOptionalString(formData.linear_color_scheme);
  const nodeColor = (node: TreeNode, rootName: string): string => {
    if (node.secondary === undefined) return color(rootName);
    const ratio = node.value === 0 ? 0 : node.secondary / node.value;
    return sequentialColor(
      linearScheme,
      maxRatio === minRatio ? 1 : (ratio - minRatio) / (maxRatio - minRatio),
    );
  };
  const toData = (items: TreeNode[], rootName?: string): SunburstData =>
    items.map((node) => ({
      name: node.name,
      value: node.value,
      crossFilterKey: node.crossFilterKey,
      itemStyle: {
        color: nodeColor(node, rootName ?? node.name),
        opacity: selected.size > 0 && !selected.has(node.crossFilterKey) ? 0.4 : 1,
      },
      ...(node.children.length > 0 ? { children: toData(node.children, rootName ?? node.name) } : {}),
    }));
  const total = tree.reduce((sum, node) => sum + node.value, 0);
  const labelType = asString(formData.label_type, 'key');
  const option: EChartsOption = {
    tooltip: { ...tooltipOption(theme, 'item'), valueFormatter: (value) => formatter(toNumber(value)) },
    series: [
      {
        type: 'sunburst',
        radius: [0, '90%'],
        nodeClick: false,
        sort: undefined,
        label: {
          show: asBoolean(formData.show_labels, true),
          rotate: 'radial',
          formatter: (params: { name: string; value?: unknown }) =>
            labelType === 'value'
              ? formatter(toNumber(params.value))
              : labelType === 'key_value'
                ? `${params.name}: ${formatter(toNumber(params.value))}`
                : params.name,
        },
        data: toData(tree),
      },
    ],
    ...(asBoolean(formData.show_total, false)
      ? {
          graphic: {
            type: 'text',
            left: 'center',
            top: 'middle',
            style: { text: `Total: ${formatter(total)}` },
          },
        }
      : {}),
  };
  return {
    option,
    width,
    height,
    ...(crossFilter ? { crossFilter } : {}),
    ...(pointMenu ? { pointMenu } : {}),
  };
}
