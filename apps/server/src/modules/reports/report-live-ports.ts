import type { AppContext } from '../../context';
import { closeProcessRenderer, processRenderer, renderBaseUrl, type Renderer } from '../screenshots';
import { createTransports, type Notification, type Recipient, type TransportRegistry } from './delivery';
import type {
  DashboardRenderRequest,
  NotificationSender,
  ReportNotification,
  ReportPorts,
  ReportRecipient,
  ReportRenderer,
} from './report-ports';
import { selectedReportTabs } from './report-tabs';

/** The ports a process runs reports with, and how to let their browser and connections go. */
export interface LiveReportPorts extends ReportPorts {
  close(): Promise<void>;
}

/** Settles with `work`, or rejects as soon as `signal` aborts (the work itself ends on its own timeout). */
function untilAborted<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('Aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work().then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** E-mail lists as stored (comma or semicolon separated) → addresses. */
function addresses(list: string | undefined): string[] {
  return (list ?? '')
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

export function toRecipient(recipient: ReportRecipient): Recipient {
  if (recipient.type === 'Webhook') return { type: 'Webhook', url: recipient.target.trim() };
  return {
    type: 'Email',
    to: addresses(recipient.target),
    cc: addresses(recipient.ccTarget),
    bcc: addresses(recipient.bccTarget),
  };
}

/** A schedule's run as the delivery channels take it: PNGs shown in the body, other files attached. */
export function toNotification(
  notification: ReportNotification,
  recipient: Recipient,
  baseUrl: string,
): Notification {
  const isImage = (contentType: string) => contentType === 'image/png';
  const file = (entry: ReportNotification['files'][number]) => ({
    name: entry.name,
    contentType: entry.contentType,
    content: entry.data,
  });
  return {
    subject: notification.subject,
    recipient,
    description: notification.type === 'Alert' ? notification.text : notification.description,
    url: notification.path === null ? null : `${baseUrl}${notification.path}`,
    images: notification.files.filter((entry) => isImage(entry.contentType)).map(file),
    attachments: notification.files.filter((entry) => !isImage(entry.contentType)).map(file),
    table: notification.table,
    metadata: {
      report_id: notification.reportId,
      name: notification.name,
      type: notification.type,
      format: notification.format,
      scheduled_dttm: notification.scheduledDttm,
      run_uuid: notification.runUuid,
    },
  };
}

/**
 * What the dashboard renderer is asked for a schedule's `extra.dashboard`: one tab alone (`request.tab`,
 * a PNG per selected tab), else the selected tabs in turn (report-tabs.ts), else every tab stacked. The saved filter state goes in as the `native_filters`
 * preselect, which the page also reads as JSON.
 */
export function dashboardRenderOptions(request: DashboardRenderRequest): {
  allTabs: boolean;
  anchor?: string;
  tabs?: string[];
  urlParams: Record<string, string>;
} {
  const { dataMask, urlParams = [] } = request.dashboard;
  const params: Record<string, string> = Object.fromEntries(urlParams);
  if (dataMask !== undefined && Object.keys(dataMask).length > 0)
    params.native_filters = JSON.stringify(dataMask);
  if (request.tab !== undefined) return { allTabs: false, anchor: request.tab, urlParams: params };
  const tabs = selectedReportTabs(request.dashboard);
  if (tabs.length > 0) return { allTabs: false, tabs, urlParams: params };
  return { allTabs: true, urlParams: params };
}

/**
 * The real renderer (headless Chromium, launched on the first render) and the e-mail and webhook
 * transports from the process's settings, in the shapes the executor asks for.
 */
export function liveReportPorts(ctx: AppContext): LiveReportPorts {
  let renderer: Renderer | null = null;
  let transports: TransportRegistry | null = null;
  // The process's one renderer: report runs and screenshots share its pool and caps.
  const rendererOf = (): Renderer => {
    renderer ??= processRenderer(ctx);
    return renderer;
  };
  const transportsOf = (): TransportRegistry => {
    transports ??= createTransports(ctx.config);
    return transports;
  };
  const baseUrl = renderBaseUrl(ctx.config);

  const reportRenderer: ReportRenderer = {
    chartPng: ({ chartId, userId, width, signal }) =>
      untilAborted(signal, () => rendererOf().renderChartPng({ chartId, userId, width })),
    dashboardPng: (request) =>
      untilAborted(request.signal, () =>
        rendererOf().renderDashboardPng({
          userId: request.userId,
          dashboard: request.dashboardId,
          width: request.width,
          ...dashboardRenderOptions(request),
        }),
      ),
    dashboardPdf: (request) =>
      untilAborted(request.signal, () =>
        rendererOf().renderDashboardPdf({
          userId: request.userId,
          dashboard: request.dashboardId,
          width: request.width,
          ...dashboardRenderOptions(request),
        }),
      ),
  };

  const sender: NotificationSender = {
    async send(recipients, notification, signal) {
      const failures: string[] = [];
      for (const stored of recipients) {
        signal.throwIfAborted();
        const recipient = toRecipient(stored);
        try {
          await untilAborted(signal, () =>
            transportsOf().deliver(toNotification(notification, recipient, baseUrl)),
          );
        } catch (error) {
          if (signal.aborted) throw error;
          failures.push(
            `${stored.type} ${stored.target}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      // Every recipient is tried; one that failed does not keep the others from their copy.
      if (failures.length > 0) throw new Error(failures.join('; '));
    },
  };

  return {
    renderer: reportRenderer,
    sender,
    async close() {
      transports?.close();
      if (renderer !== null) await closeProcessRenderer(ctx);
    },
  };
}
