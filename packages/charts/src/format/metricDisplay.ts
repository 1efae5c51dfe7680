import type { ExploreDatasource } from '@tessera/contracts';
import { getNumberFormatter, SMART_NUMBER, type NumberFormatter } from './numberFormat';

/**
 * How a chart shows its metrics: the dataset's verbose names in legends, tooltips and headers, and the
 * dataset metric's d3 format unless the chart sets a format of its own (anything but the adaptive
 * default). Series names are metric labels, or `metric, group…` when several metrics are pivoted.
 */
export interface MetricDisplay {
  /** A series or column name with its metric part replaced by the verbose name. */
  label: (name: string) => string;
  /** The formatter for a series or column: its metric's format, else the chart's. */
  formatterFor: (name: string) => NumberFormatter;
  /** The one formatter for an axis that shows every metric. */
  axisFormatter: NumberFormatter;
}

function chartFormatOverrides(chartFormat: string | undefined): boolean {
  return chartFormat !== undefined && chartFormat !== '' && chartFormat !== SMART_NUMBER;
}

/** The dataset's d3 format of each metric label (saved metrics are referred to by name). */
export function metricFormats(datasource: ExploreDatasource | undefined): Map<string, string> {
  const formats = new Map<string, string>(Object.entries(datasource?.column_formats ?? {}));
  for (const metric of datasource?.metrics ?? []) {
    if (metric.d3format) formats.set(metric.metric_name, metric.d3format);
  }
  return formats;
}

export function metricDisplay(
  datasource: ExploreDatasource | undefined,
  metricLabels: readonly string[],
  chartFormat: string | undefined,
): MetricDisplay {
  const verbose = datasource?.verbose_map ?? {};
  const formats = chartFormatOverrides(chartFormat) ? new Map<string, string>() : metricFormats(datasource);
  const chartFormatter = getNumberFormatter(chartFormat);
  // Longest first, so `sum__num_2` is not read as `sum__num` followed by `_2`.
  const byLength = [...metricLabels].sort((a, b) => b.length - a.length);
  const metricOf = (name: string): string | undefined => {
    if (metricLabels.length === 1) return metricLabels[0];
    return byLength.find((label) => name === label || name.startsWith(`${label}, `));
  };
  const formatterFor = (name: string): NumberFormatter => {
    const metric = metricOf(name);
    const format = metric === undefined ? undefined : formats.get(metric);
    return format === undefined ? chartFormatter : getNumberFormatter(format);
  };
  const shared = new Set(metricLabels.map((label) => formats.get(label)));
  const [only] = [...shared];
  return {
    label: (name) => {
      const metric = byLength.find((label) => name === label || name.startsWith(`${label}, `));
      if (metric === undefined) return name;
      return `${verbose[metric] ?? metric}${name.slice(metric.length)}`;
    },
    formatterFor,
    axisFormatter: shared.size === 1 && only !== undefined ? getNumberFormatter(only) : chartFormatter,
  };
}
