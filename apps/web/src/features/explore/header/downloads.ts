import type { ExploreFormData } from '@tessera/core';
import { postForFile, saveBlob } from '../../../shared/api/download-file';
import { errorText } from '../../../shared/errors/to-api-error';
import { buildQueryContext } from '../chart/chart-actions';

function safeName(name: string): string {
  const cleaned = name
    .replace(/[^\w\- ]+/g, '')
    .trim()
    .replace(/\s+/g, '_');
  return cleaned === '' ? 'chart' : cleaned;
}

function timestamp(): string {
  return new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
}

/** CSV or XLSX of the chart's data: POST /api/v1/chart/data with result_format, saved as a file. */
export async function downloadChartData(
  formData: ExploreFormData,
  format: 'csv' | 'xlsx',
  name: string,
): Promise<string | null> {
  const context = buildQueryContext(formData, { result_format: format, result_type: 'full' });
  if (context === null) return 'This chart type cannot be exported';
  const outcome = await postForFile('/api/v1/chart/data', context);
  if (!outcome.ok) return errorText(outcome.error);
  saveBlob(outcome.blob, outcome.filename ?? `${safeName(name)}_${timestamp()}.${format}`);
  return null;
}

/** The chart-data JSON answer as Explore received it. */
export function downloadJson(payload: unknown, name: string): void {
  saveBlob(
    new Blob([JSON.stringify(payload, null, 2)], { type: 'application/json' }),
    `${safeName(name)}_${timestamp()}.json`,
  );
}

/**
 * A PNG of the rendered chart: ECharts canvases are copied onto one canvas at their position, over the
 * page background (tables and other DOM charts have no canvas: the caller reports that).
 */
export async function downloadImage(
  container: HTMLElement,
  name: string,
  background: string,
): Promise<boolean> {
  const canvases = [...container.querySelectorAll('canvas')];
  if (canvases.length === 0) return false;
  const box = container.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  const output = document.createElement('canvas');
  output.width = Math.round(box.width * ratio);
  output.height = Math.round(box.height * ratio);
  const context = output.getContext('2d');
  if (context === null) return false;
  context.fillStyle = background;
  context.fillRect(0, 0, output.width, output.height);
  for (const canvas of canvases) {
    const rect = canvas.getBoundingClientRect();
    context.drawImage(
      canvas,
      (rect.left - box.left) * ratio,
      (rect.top - box.top) * ratio,
      rect.width * ratio,
      rect.height * ratio,
    );
  }
  const blob = await new Promise<Blob | null>((resolve) => {
    output.toBlob(resolve, 'image/png');
  });
  if (blob === null) return false;
  saveBlob(blob, `${safeName(name)}_${timestamp()}.png`);
  return true;
}
