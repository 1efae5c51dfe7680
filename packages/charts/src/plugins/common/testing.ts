import type { ChartDataResultItem } from '@tessera/contracts';
import type { ChartProps, FormData } from '../../plugin-api';

/** Chart props for transformProps tests. */
export function chartPropsFor(
  formData: FormData,
  queriesData: ChartDataResultItem[],
  overrides: Partial<ChartProps> = {},
): ChartProps {
  return { formData, queriesData, width: 800, height: 600, hooks: {}, theme: 'light', ...overrides };
}

/** The series list of an echarts option, for assertions. */
export function seriesOf(option: object): Record<string, unknown>[] {
  if (!('series' in option)) return [];
  const series = option.series;
  return Array.isArray(series) ? (series as Record<string, unknown>[]) : [];
}
