import type { EChartsOption } from 'echarts';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function styleColor(item: Record<string, unknown>): string | null {
  for (const key of ['itemStyle', 'lineStyle', 'areaStyle']) {
    const color = record(item[key])?.color;
    if (typeof color === 'string') return color;
  }
  return null;
}

/**
 * Label → colour of what an option draws with explicit colours: named data items (pie slices, funnel
 * steps) and named series (lines, bars). The echarts host puts it on its element (`data-label-colors`)
 * because a canvas cannot be read back by label: tests and colour bug reports compare charts with it.
 */
export function drawnLabelColors(option: EChartsOption): Record<string, string> {
  const colors: Record<string, string> = {};
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  for (const entry of series) {
    const one = record(entry);
    if (one === null) continue;
    const own = styleColor(one);
    if (typeof one.name === 'string' && own !== null) colors[one.name] = own;
    if (!Array.isArray(one.data)) continue;
    for (const datum of one.data) {
      const item = record(datum);
      const color = item === null ? null : styleColor(item);
      if (item !== null && typeof item.name === 'string' && color !== null) colors[item.name] = color;
    }
  }
  return colors;
}
