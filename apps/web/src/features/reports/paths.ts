import type { ReportType } from '@tessera/contracts';

export const ALERT_LIST_PATH = '/alert/list/';
export const REPORT_LIST_PATH = '/report/list/';
export const ALERT_LOG_ROUTE = '/alert/:id/log/';
export const REPORT_LOG_ROUTE = '/report/:id/log/';

export const reportListPath = (type: ReportType): string =>
  type === 'Alert' ? ALERT_LIST_PATH : REPORT_LIST_PATH;

export const reportLogPath = (type: ReportType, id: number): string =>
  type === 'Alert' ? `/alert/${id}/log/` : `/report/${id}/log/`;
