import type { QueryContext } from '@tessera/contracts';
import { postForFile, saveBlob } from '../api/download-file';
import { errorText } from '../errors/to-api-error';
import { downloadFileName } from './download-names';

/**
 * Posts a chart-data query context asking for a file and saves the answer named after the chart (a ZIP
 * of several queries keeps its extension). Returns the error text, or null when saved.
 */
export async function downloadQueryResult(
  context: QueryContext,
  format: 'csv' | 'xlsx',
  name: string,
): Promise<string | null> {
  const outcome = await postForFile('/api/v1/chart/data', context);
  if (!outcome.ok) return errorText(outcome.error);
  const zipped = outcome.filename?.toLowerCase().endsWith('.zip') === true;
  saveBlob(outcome.blob, downloadFileName(name, zipped ? 'zip' : format));
  return null;
}
