import { isRecord } from '@tessera/contracts';
import { upgradeLegacyChart } from '@tessera/core';

/** A saved chart's params as an object; empty or broken JSON reads as `{}` so the chart still opens. */
export function parseChartParams(text: string | null): Record<string, unknown> {
  if (text === null || text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? { ...parsed } : {};
  } catch {
    return {};
  }
}

/**
 * A saved chart's viz type and form data as today's plugins read them: charts saved by older Superset
 * versions are upgraded on read (issue #18). The stored row is never rewritten here: exports and the
 * chart API answer what was saved, and the next save stores the upgraded form.
 */
export function readChartFormData(row: { viz_type: string; params: string | null }): {
  vizType: string;
  formData: Record<string, unknown>;
} {
  const upgraded = upgradeLegacyChart(row.viz_type, parseChartParams(row.params));
  return { vizType: upgraded.vizType, formData: upgraded.params };
}

/** Form data from elsewhere (a cached key, a permalink) upgraded the same way, by its own viz_type. */
export function upgradeFormData(formData: Record<string, unknown>): Record<string, unknown> {
  const vizType = formData.viz_type;
  if (typeof vizType !== 'string' || vizType === '') return formData;
  return upgradeLegacyChart(vizType, formData).params;
}
