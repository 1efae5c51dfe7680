import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { getColumnLabel, getMetricLabel, parseColumn, parseMetric } from '../../query/labels';
import { asBoolean, asNumber, asOptionalString, asString, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { themeTokens } from '../../format/theme';
import { legendOption, tooltipOption } from '../../echarts/options';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import { checkbox, controlPanel, numberInput } from '../common/simpleQuery';
import { crossFilterConfig } from '../common/crossFilterConfig';
import type { EChartsChartProps } from '../common/echartsProps';

/** Nodes sized by the metric they touch (baseNodeSize … 4×), edges widened by their share of the metric. */
export function transformGraphProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const rows = rowsOf(resultAt(chartProps));
  const label = (key: string) => {
    const column = parseColumn(formData[key]);
    return column === undefined ? undefined : getColumnLabel(column);
  };
  const sourceLabel = label('source') ?? '';
  const targetLabel = label('target') ?? '';
  const sourceCategory = label('source_category');
  const targetCategory = label('target_category');
  const metric = parseMetric(formData.metric);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const formatter = getNumberFormatter(asOptionalString(formData.number_format));
  const color = chartColorScale(chartProps);
  const nodes = new Map<string, { value: number; category?: string }>();
  const touch = (name: string, value: number, category: string | undefined) => {
    const node = nodes.get(name) ?? { value: 0, ...(category !== undefined ? { category } : {}) };
    node.value += value;
    nodes.set(name, node);
  };
  const edges = rows.map((row) => {
    const value = toNumber(row[metricLabel]) ?? 0;
    const source = labelOf(row[sourceLabel]);
    const target = labelOf(row[targetLabel]);
    touch(source, value, sourceCategory === undefined ? undefined : labelOf(row[sourceCategory]));
    touch(target, value, targetCategory === undefined ? undefined : labelOf(row[targetCategory]));
    return { source, target, value };
  });
  const categories = [
    ...new Set([...nodes.values()].flatMap((node) => (node.category === undefined ? [] : [node.category]))),
  ];
  const maxNode = Math.max(1, ...[...nodes.values()].map((node) => node.value));
  const maxEdge = Math.max(1, ...edges.map((edge) => edge.value));
  const baseNodeSize = asNumber(formData.baseNodeSize, 20);
  const baseEdgeWidth = asNumber(formData.baseEdgeWidth, 3);
  const layout = formData.layout === 'circular' ? 'circular' : 'force';
  const tokens = themeTokens(theme);
  const symbol = asString(formData.edgeSymbol, 'none,arrow').split(',');
  const option: EChartsOption = {
    tooltip: { ...tooltipOption(theme, 'item'), valueFormatter: (value) => formatter(toNumber(value)) },
    legend: legendOption(
      categories.length > 0 && asBoolean(formData.show_legend, true),
      'top',
      'scroll',
      theme,
      categories,
    ),
    series: [
      {
        type: 'graph',
        layout,
        roam: formData.roam === false ? false : true,
        draggable: asBoolean(formData.draggable, false),
        edgeSymbol: [symbol[0] ?? 'none', symbol[1] ?? 'arrow'],
        label: { show: true, position: 'right', color: tokens.text },
        lineStyle: { color: 'source', curveness: layout === 'circular' ? 0.3 : 0 },
        ...(layout === 'force'
          ? {
              force: {
                repulsion: asNumber(formData.repulsion, 1000),
                gravity: asNumber(formData.gravity, 0.3),
                edgeLength: asNumber(formData.edgeLength, 400),
                friction: asNumber(formData.friction, 0.2),
              },
            }
          : {}),
        categories: categories.map((name) => ({ name, itemStyle: { color: color(name) } })),
        data: [...nodes.entries()].map(([name, node]) => ({
          name,
          value: node.value,
          symbolSize: baseNodeSize * (1 + (3 * node.value) / maxNode),
          ...(node.category !== undefined
            ? { category: categories.indexOf(node.category) }
            : { itemStyle: { color: color(name) } }),
        })),
        links: edges.map((edge) => ({
          ...edge,
          lineStyle: { width: baseEdgeWidth * (0.5 + (1.5 * edge.value) / maxEdge) },
        })),
      },
    ],
  };
  const crossFilter = crossFilterConfig(
    chartProps,
    [sourceLabel],
    new Map([...nodes.keys()].map((name) => [name, [name]])),
    'name',
  );
  return { option, width, height, ...(crossFilter ? { crossFilter } : {}) };
}

const columnControl = (name: string, label: string, required: boolean) => ({
  name,
  type: 'ColumnControl' as const,
  label,
  validators: required ? [{ kind: 'nonEmpty' as const }] : [],
});

export const graphChartPlugin = defineChartPlugin({
  vizType: 'graph_chart',
  metadata: {
    name: 'Graph Chart',
    description: 'Displays connections between entities in a graph structure.',
    category: 'Flow',
    tags: ['Circular', 'Comparison', 'Directional', 'ECharts', 'Relational', 'Structural'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  controlPanel: controlPanel(
    [
      [columnControl('source', 'Source', true)],
      [columnControl('target', 'Target', true)],
      [shared.metric],
      [columnControl('source_category', 'Source category', false)],
      [columnControl('target_category', 'Target category', false)],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10000 }],
    ],
    [
      [shared.colorScheme],
      [checkbox('show_legend', 'Show legend', true)],
      [
        {
          name: 'layout',
          type: 'SelectControl',
          label: 'Graph layout',
          default: 'force',
          renderTrigger: true,
          choices: [
            { value: 'force', label: 'Force' },
            { value: 'circular', label: 'Circular' },
          ],
        },
      ],
      [
        {
          name: 'edgeSymbol',
          type: 'SelectControl',
          label: 'Edge symbols',
          default: 'none,arrow',
          renderTrigger: true,
          choices: ['none,none', 'none,arrow', 'circle,arrow', 'circle,circle'].map((v) => ({
            value: v,
            label: v,
          })),
        },
      ],
      [checkbox('draggable', 'Enable node dragging', false), checkbox('roam', 'Enable graph roaming', true)],
      [numberInput('baseNodeSize', 'Node size', 20), numberInput('baseEdgeWidth', 'Edge width', 3)],
      [numberInput('edgeLength', 'Edge length', 400), numberInput('gravity', 'Gravity', 0.3)],
      [numberInput('repulsion', 'Repulsion', 1000), numberInput('friction', 'Friction', 0.2)],
      [shared.numberFormat],
    ],
  ),
  transformProps: transformGraphProps,
  loadChart: () => import('./GraphChart'),
});
