import type { NotificationTable } from '@tessera/contracts';
import { storedExtra } from './report-dict';
import type { AppContext } from '../../context';
import { ApiError } from '../../platform/errors';
import { runSavedChartData, type ChartDataOutcome } from '../chart-data/chart-data.service';
import type { Principal } from '../security/principal';
import type { ReportFile, ReportRenderer } from './report-ports';
import { selectedReportTabs } from './report-tabs';
import type { ReportRow } from './reports.repo';

/** Superset's messages for content that could not be made (reports/commands/exceptions.py). */
export const CONTENT_MESSAGES = {
  screenshot: 'Report Schedule execution failed when generating a screenshot.',
  pdf: 'Report Schedule execution failed when generating a pdf.',
  csv: 'Report Schedule execution failed when generating a csv.',
  data: 'Report Schedule execution failed when generating a dataframe.',
  noRenderer: 'Screenshots are not available: no renderer is configured on this worker.',
  chartPdf: 'A chart is sent as PNG, CSV, XLSX or TEXT; PDF is for dashboards.',
  nothingToSend: 'Report Schedule has neither a chart nor a dashboard to send.',
} as const;

/** Content could not be made; the run ends Error with this message. */
export class ReportContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportContentError';
  }
}

export interface ReportContent {
  files: ReportFile[];
  /** TEXT: the chart's first query; the e-mail transport draws it as an HTML table (escaped), a webhook gets JSON. */
  table: NotificationTable | null;
  /** Where the chart or dashboard lives on this server, for the link back. */
  path: string | null;
}

/** The first message an ApiError body carries (`message` text or the SIP-40 `errors`). */
function apiErrorDetail(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const { message, errors } = error.body;
  if (typeof message === 'string') return message;
  if (Array.isArray(errors)) {
    const first: unknown = errors[0];
    if (
      typeof first === 'object' &&
      first !== null &&
      'message' in first &&
      typeof first.message === 'string'
    )
      return first.message;
  }
  return JSON.stringify(error.body);
}

async function chartData(
  ctx: AppContext,
  principal: Principal,
  chartId: number,
  format: 'json' | 'csv' | 'xlsx',
): Promise<ChartDataOutcome> {
  try {
    // force: a report states the data at its instant, not what a cache kept.
    return await runSavedChartData(ctx, principal, chartId, { format, force: 'true' });
  } catch (error) {
    const generic = format === 'json' ? CONTENT_MESSAGES.data : CONTENT_MESSAGES.csv;
    throw new ReportContentError(`${generic} ${apiErrorDetail(error)}`);
  }
}

/** TEXT: the chart's first query as columns and rows of plain values (Superset sends it in the mail body). */
export function dataTable(
  colnames: readonly string[],
  rows: readonly Record<string, unknown>[],
): NotificationTable {
  return { columns: [...colnames], rows: rows.map((row) => colnames.map((name) => row[name] ?? null)) };
}

function firstItem(outcome: ChartDataOutcome): { colnames: string[]; data: Record<string, unknown>[] } {
  if (outcome.kind !== 'json') throw new ReportContentError(CONTENT_MESSAGES.data);
  const item = outcome.body.result[0];
  const colnames = item?.colnames;
  const data = item?.data;
  if (!Array.isArray(colnames) || !Array.isArray(data)) throw new ReportContentError(CONTENT_MESSAGES.data);
  return {
    colnames: colnames.map(String),
    data: data.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null),
  };
}

function fileOf(outcome: ChartDataOutcome, name: string): ReportFile {
  if (outcome.kind !== 'file') throw new ReportContentError(CONTENT_MESSAGES.csv);
  return { name, contentType: outcome.contentType, data: outcome.body };
}

async function rendered(work: () => Promise<Buffer>, message: string, signal: AbortSignal): Promise<Buffer> {
  try {
    return await work();
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ReportContentError(`${message} ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * What a report (or an alert with something attached) sends, made as `principal` (the owner):
 * PNG and PDF by the renderer, CSV and XLSX from the saved chart's query context through the chart
 * data engine (the files /api/v1/chart/{id}/data/?format= answers), TEXT as an HTML table of it.
 */
export async function buildReportContent(
  ctx: AppContext,
  principal: Principal,
  report: ReportRow,
  renderer: ReportRenderer | null,
  signal: AbortSignal,
): Promise<ReportContent> {
  const baseName = report.name.replace(/[\\/:*?"<>|]+/g, '_');
  if (report.chart_id !== null) {
    const chartId = report.chart_id;
    const path = `/explore/?slice_id=${chartId}`;
    switch (report.report_format) {
      case 'CSV':
        return {
          files: [fileOf(await chartData(ctx, principal, chartId, 'csv'), `${baseName}.csv`)],
          table: null,
          path,
        };
      case 'XLSX':
        return {
          files: [fileOf(await chartData(ctx, principal, chartId, 'xlsx'), `${baseName}.xlsx`)],
          table: null,
          path,
        };
      case 'TEXT': {
        const { colnames, data } = firstItem(await chartData(ctx, principal, chartId, 'json'));
        return { files: [], table: dataTable(colnames, data), path };
      }
      case 'PDF':
        throw new ReportContentError(CONTENT_MESSAGES.chartPdf);
      default: {
        if (!renderer) throw new ReportContentError(CONTENT_MESSAGES.noRenderer);
        const png = await rendered(
          () => renderer.chartPng({ chartId, userId: principal.user.id, width: report.custom_width, signal }),
          CONTENT_MESSAGES.screenshot,
          signal,
        );
        return {
          files: [{ name: `${baseName}.png`, contentType: 'image/png', data: png }],
          table: null,
          path,
        };
      }
    }
  }
  if (report.dashboard_id !== null) {
    if (!renderer) throw new ReportContentError(CONTENT_MESSAGES.noRenderer);
    const request = {
      dashboardId: report.dashboard_id,
      userId: principal.user.id,
      width: report.custom_width,
      dashboard: storedExtra(report.extra_json).dashboard ?? {},
      signal,
    };
    const path = `/superset/dashboard/${report.dashboard_id}/`;
    if (report.report_format === 'PDF') {
      const pdf = await rendered(() => renderer.dashboardPdf(request), CONTENT_MESSAGES.pdf, signal);
      return {
        files: [{ name: `${baseName}.pdf`, contentType: 'application/pdf', data: pdf }],
        table: null,
        path,
      };
    }
    // PNG: one image per selected tab, as Superset sends them (each shown in the mail in turn).
    const tabs = selectedReportTabs(request.dashboard);
    if (tabs.length <= 1) {
      const png = await rendered(() => renderer.dashboardPng(request), CONTENT_MESSAGES.screenshot, signal);
      return { files: [{ name: `${baseName}.png`, contentType: 'image/png', data: png }], table: null, path };
    }
    const files: ReportFile[] = [];
    for (const [index, tab] of tabs.entries()) {
      const png = await rendered(
        () => renderer.dashboardPng({ ...request, tab }),
        CONTENT_MESSAGES.screenshot,
        signal,
      );
      files.push({ name: `${baseName}-${String(index + 1)}.png`, contentType: 'image/png', data: png });
    }
    return { files, table: null, path };
  }
  throw new ReportContentError(CONTENT_MESSAGES.nothingToSend);
}
