/** File names of Explore's downloads: the chart's name, or the dataset's for a chart not saved yet. */

const FALLBACK_NAME = 'chart';
const MAX_NAME_LENGTH = 100;

/** The name a download is called after: the slice name, else the dataset name, else 'chart'. */
export function downloadBaseName(sliceName: string, datasourceName: string | null | undefined): string {
  const chartName = sliceName.trim();
  if (chartName !== '') return chartName;
  const datasetName = (datasourceName ?? '').trim();
  return datasetName !== '' ? datasetName : FALLBACK_NAME;
}

/**
 * A name safe on every file system: characters Windows, macOS or Linux refuse (and control characters)
 * dropped, runs of spaces as one underscore, letters of any script kept.
 */
export function safeFileName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, MAX_NAME_LENGTH);
  return cleaned === '' ? FALLBACK_NAME : cleaned;
}

/** 'Births by state' + 'csv' → 'Births_by_state.csv'. */
export function downloadFileName(name: string, extension: 'csv' | 'xlsx' | 'json' | 'png' | 'zip'): string {
  return `${safeFileName(name)}.${extension}`;
}
