import type { ExploreFormData } from '@tessera/core';
import { saveBlob } from '../../../shared/api/download-file';
import { downloadQueryResult } from '../../../shared/files/chart-data-download';
import { downloadFileName } from '../../../shared/files/download-names';
import { buildQueryContext } from '../chart/chart-actions';

export { downloadImage, IMAGE_TITLE_BAND, type ImageStyle } from '../../../shared/files/chart-image';

/**
 * CSV or XLSX of the chart's data: POST /api/v1/chart/data with result_format, saved as a file named
 * after the chart (the server is told the name too, for its Content-Disposition; a ZIP of several
 * queries keeps its extension).
 */
export async function downloadChartData(
  formData: ExploreFormData,
  format: 'csv' | 'xlsx',
  name: string,
): Promise<string | null> {
  const context = buildQueryContext(
    { ...formData, slice_name: name },
    { result_format: format, result_type: 'full' },
  );
  if (context === null) return 'This chart type cannot be exported';
  return downloadQueryResult(context, format, name);
}

/** The chart-data JSON answer as Explore received it. */
export function downloadJson(payload: unknown, name: string): void {
  saveBlob(
    new Blob([JSON.stringify(payload, null, 2)], { type: 'application/json' }),
    downloadFileName(name, 'json'),
  );
}
