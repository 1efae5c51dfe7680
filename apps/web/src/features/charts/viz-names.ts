import { getChartPlugin } from '@tessera/charts';
import { upgradeLegacyChart } from '@tessera/core';

/** The viz type a saved type opens as: a legacy Superset type names its ECharts successor. */
function openedVizType(vizType: string): string {
  return upgradeLegacyChart(vizType, {}).vizType;
}

/**
 * A chart type's name from the plugin registry; a legacy type is named after the type it opens as, and a
 * type no plugin knows shows its id.
 */
export function vizTypeName(vizType: string | null | undefined): string {
  if (vizType === null || vizType === undefined || vizType === '') return '';
  return getChartPlugin(openedVizType(vizType))?.metadata.name ?? vizType;
}

/** False for a saved type Tessera cannot draw even after upgrading it (the chart shows a notice). */
export function isDrawableVizType(vizType: string | null | undefined): boolean {
  if (vizType === null || vizType === undefined || vizType === '') return true;
  return getChartPlugin(openedVizType(vizType)) !== undefined;
}
