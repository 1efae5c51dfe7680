import type { Action, ThunkAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store';
import { postForFile, saveBlob } from '../../../shared/api/download-file';
import { errorText } from '../../../shared/errors/to-api-error';
import { downloadFileName, safeFileName } from '../../../shared/files/download-names';
import { dashboardFormData, dashboardQueryContext } from '../grid/chart/chart-query';
import {
  filteredFormData,
  resolveChartFilters,
  selectChartFiltersInputs,
} from '../native-filters/chart-filters-state';
import { selectDashboardChart, selectDashboardInfo, selectDashboardState } from '../state/dashboard-store';

export type DataFormat = 'csv' | 'xlsx';

/** One chart's file inside the dashboard's ZIP, or why it could not be made. */
export type ChartFileOutcome =
  | { ok: true; chartId: number; name: string; bytes: Uint8Array }
  | { ok: false; chartId: number; title: string; error: string };

export interface DashboardDataExport {
  /** Charts that gave a file. */
  saved: number;
  /** '<chart title>: <error>' for each chart that did not. */
  failures: string[];
}

/**
 * Names each chart's file after its title, unique inside the ZIP ('Sales.csv', 'Sales_2.csv'), keeping
 * the extension the server chose (a chart with several queries answers a ZIP of its own).
 */
export function zipEntryName(title: string, extension: string, taken: Set<string>): string {
  const base = safeFileName(title);
  let name = `${base}.${extension}`;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base}_${String(n)}.${extension}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The summary toast for an export: null when every chart gave a file. */
export function exportSummary(
  result: DashboardDataExport,
): { level: 'warning' | 'danger'; text: string } | null {
  if (result.failures.length === 0) return null;
  const list = result.failures.join('; ');
  return result.saved === 0
    ? { level: 'danger', text: `No chart data could be downloaded. ${list}` }
    : { level: 'warning', text: `Some charts were left out of the download. ${list}` };
}

type Thunk<Result> = ThunkAction<Result, RootState, unknown, Action>;

/**
 * The header menu's 'Export to .CSV' / 'Export to Excel' for the whole dashboard (spec 001 §2): every
 * chart's full result under the dashboard's applied filters, asked through the dashboard (so dashboard viewers may download what they see),
 * one after the other to spare the database, zipped as '<dashboard>.zip' with a file per chart.
 */
export function downloadDashboardData(
  format: DataFormat,
  urlParams: Record<string, string>,
): Thunk<Promise<DashboardDataExport>> {
  return async (_dispatch, getState) => {
    const state = getState();
    const info = selectDashboardInfo(state);
    const { sliceIds, colorScheme } = selectDashboardState(state);
    if (info === null) return { saved: 0, failures: [] };
    const taken = new Set<string>();
    const outcomes: ChartFileOutcome[] = [];
    for (const chartId of sliceIds) {
      const entity = selectDashboardChart(state, chartId);
      if (entity === null) continue;
      const title = entity.sliceName;
      // The applied native filters and cross-filters, merged as the chart's holder merges them: the
      // file holds the rows the chart shows.
      const { filters } = resolveChartFilters(entity, selectChartFiltersInputs(state, entity));
      const formData = filteredFormData(dashboardFormData(entity, info.id, colorScheme, urlParams), filters);
      const context = dashboardQueryContext(
        { ...formData, slice_name: title },
        { result_format: format, result_type: 'full' },
      );
      if (context === null) {
        outcomes.push({ ok: false, chartId, title, error: 'This visualization type is not supported' });
        continue;
      }
      const outcome = await postForFile('/api/v1/chart/data', context);
      if (!outcome.ok) {
        outcomes.push({ ok: false, chartId, title, error: errorText(outcome.error) });
        continue;
      }
      const zipped = outcome.filename?.toLowerCase().endsWith('.zip') === true;
      const name = zipEntryName(title, zipped ? 'zip' : format, taken);
      outcomes.push({ ok: true, chartId, name, bytes: new Uint8Array(await outcome.blob.arrayBuffer()) });
    }
    const files = outcomes.filter((outcome) => outcome.ok);
    if (files.length > 0) {
      // fflate is loaded only when someone exports, so the dashboard page does not carry it.
      const { zipSync } = await import('fflate');
      const archive = zipSync(Object.fromEntries(files.map((file) => [file.name, file.bytes])));
      saveBlob(new Blob([archive], { type: 'application/zip' }), downloadFileName(info.title, 'zip'));
    }
    return {
      saved: files.length,
      failures: outcomes.flatMap((outcome) => (outcome.ok ? [] : [`${outcome.title}: ${outcome.error}`])),
    };
  };
}
