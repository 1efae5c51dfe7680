import { getChartPlugin } from '@tessera/charts';

/** A chart type's name from the plugin registry; a type no plugin knows shows its id. */
export function vizTypeName(vizType: string | null | undefined): string {
  if (vizType === null || vizType === undefined || vizType === '') return '';
  return getChartPlugin(vizType)?.metadata.name ?? vizType;
}
