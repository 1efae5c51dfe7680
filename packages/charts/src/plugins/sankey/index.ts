import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { getColumnLabel, getMetricLabel, parseColumn, parseMetric } from '../../query/labels';
import { asOptionalString, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { themeTokens } from '../../format/theme';
import { tooltipOption } from '../../echarts/options';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import { controlPanel, sortByMetric } from '../common/simpleQuery';
import type { EChartsChartProps } from '../common/echartsProps';

/**
 * Nodes are the distinct source and target values; links carry the metric. Self links and links that
 * would close a cycle are dropped, as a sankey cannot draw them.
 */
export function transformSankeyProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const rows = rowsOf(resultAt(chartProps));
  const source = parseColumn(formData.source);
  const target = parseColumn(formData.target);
  const metric = parseMetric(formData.metric);
  const sourceLabel = source === undefined ? '' : getColumnLabel(source);
  const targetLabel = target === undefined ? '' : getColumnLabel(target);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const formatter = getNumberFormatter(asOptionalString(formData.number_format));
  const color = chartColorScale(chartProps);
  const outgoing = new Map<string, Set<string>>();
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (from === to) return true;
    if (seen.has(from)) return false;
    seen.add(from);
    return [...(outgoing.get(from) ?? [])].some((next) => reaches(next, to, seen));
  };
  const links: { source: string; target: string; value: number }[] = [];
  for (const row of rows) {
    const from = labelOf(row[sourceLabel]);
    const to = labelOf(row[targetLabel]);
    if (from === to || reaches(to, from)) continue;
    outgoing.set(from, new Set([...(outgoing.get(from) ?? []), to]));
    links.push({ source: from, target: to, value: toNumber(row[metricLabel]) ?? 0 });
  }
  const names = [...new Set(links.flatMap((link) => [link.source, link.target]))];
  const option: EChartsOption = {
    tooltip: { ...tooltipOption(theme, 'item'), valueFormatter: (value) => formatter(toNumber(value)) },
    series: [
      {
        type: 'sankey',
        animation: false,
        label: { color: themeTokens(theme).text },
        lineStyle: { color: 'source', opacity: 0.3 },
        data: names.map((name) => ({ name, itemStyle: { color: color(name) } })),
        links,
      },
    ],
  };
  return { option, width, height };
}

const columnControl = (name: string, label: string) => ({
  name,
  type: 'ColumnControl' as const,
  label,
  validators: [{ kind: 'nonEmpty' as const }],
});

export const sankeyChartPlugin = defineChartPlugin({
  vizType: 'sankey_v2',
  metadata: {
    name: 'Sankey Chart',
    description:
      'The Sankey chart visually tracks the movement and transformation of values across system stages.',
    category: 'Flow',
    tags: ['Directional', 'ECharts', 'Distribution', 'Flow'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  controlPanel: controlPanel(
    [
      [columnControl('source', 'Source')],
      [columnControl('target', 'Target')],
      [shared.metric],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10000 }],
      [sortByMetric],
    ],
    [[shared.colorScheme], [shared.numberFormat]],
  ),
  transformProps: transformSankeyProps,
  loadChart: () => import('./SankeyChart'),
});
