import { dashboardPermalinkResponseSchema, NATIVE_FILTER_ID_PREFIX } from '@tessera/contracts';
import { z } from 'zod';
import type { RootState } from '../../app/store';
import { sendRequest } from '../../shared/api/http';
import { selectChart } from '../chart-runtime';
import { persistedMasks } from '../dashboards/native-filters/url-state';
import {
  selectDashboardCharts,
  selectDashboardInfo,
  selectDashboardState,
  selectNativeFilters,
} from '../dashboards/state/dashboard-store';
import type { HostConnection, HostMethods } from './embedded-comms';

/** The SDK's getDashboardPermalink(anchor) arguments. */
const permalinkArgsSchema = z.object({ anchor: z.string().nullish() });

/**
 * The SDK's getDashboardPermalink: a permalink of the dashboard as the viewer sees it (filters, tabs,
 * the anchor asked for), made as the guest; its URL is the host's resolvePermalinkUrl({key}) answer when
 * the host gives one (a page of its own that embeds the view), else this server's /superset/dashboard/p/.
 */
async function dashboardPermalink(
  getState: () => RootState,
  askHost: HostConnection['get'],
  args: unknown,
): Promise<string> {
  const state = getState();
  const info = selectDashboardInfo(state);
  if (info === null) throw new Error('The dashboard has not loaded yet');
  const parsed = permalinkArgsSchema.safeParse(args ?? {});
  const anchor = parsed.success ? (parsed.data.anchor ?? null) : null;
  const outcome = await sendRequest(
    {
      url: `/api/v1/dashboard/${String(info.id)}/permalink`,
      method: 'POST',
      body: {
        dataMask: persistedMasks(selectNativeFilters(state).applied),
        activeTabs: Object.values(selectDashboardState(state).activeTabs),
        anchor: anchor === '' ? null : anchor,
        urlParams: [],
      },
    },
    { timeoutSeconds: 30 },
  );
  if (!outcome.ok) throw new Error(outcome.error.error);
  const created = dashboardPermalinkResponseSchema.parse(outcome.data);
  const resolved = await askHost('resolvePermalinkUrl', { key: created.key }).catch(() => null);
  if (typeof resolved === 'string' && resolved !== '') return resolved;
  return new URL(created.url, window.location.origin).toString();
}

type DataMasks = ReturnType<typeof selectNativeFilters>['applied'];

/**
 * The SDK's `get` calls, answered from the page's store at the moment they are asked:
 * scroll size, the open tabs, the applied data masks, chart states, and each chart's last query results;
 * and a permalink of the current view, made on the server.
 */
export function hostMethods(getState: () => RootState, askHost: HostConnection['get']): HostMethods {
  return {
    getDashboardPermalink: (args: unknown) => dashboardPermalink(getState, askHost, args),
    getScrollSize: () => ({ width: document.body.scrollWidth, height: document.body.scrollHeight }),
    getActiveTabs: () => Object.values(selectDashboardState(getState()).activeTabs),
    getDataMask: () => selectNativeFilters(getState()).applied,
    // Superset keeps view state (column order, sorting…) of its AG Grid tables here; no chart of ours
    // has state of that kind, so the answer is always the empty map the SDK gets when none is kept.
    getChartStates: () => ({}),
    getChartDataPayloads: (args: unknown) => {
      const state = getState();
      const asked =
        typeof args === 'object' && args !== null && 'chartId' in args && typeof args.chartId === 'number'
          ? [args.chartId]
          : Object.keys(selectDashboardCharts(state)).map(Number);
      return Object.fromEntries(asked.map((id) => [String(id), selectChart(state, id).queriesResponse]));
    },
  };
}

/**
 * What the SDK's observeDataMask callback receives when the applied masks change: the masks, and
 * whether native filters, cross-filters or both changed. Null when neither did.
 */
export function dataMaskChange(previous: DataMasks, next: DataMasks): Record<string, unknown> | null {
  if (previous === next) return null;
  let nativeFiltersChanged = false;
  let crossFiltersChanged = false;
  for (const id of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    if (previous[id] === next[id]) continue;
    // Masks that are not native filters are charts' cross-filters.
    if (id.startsWith(NATIVE_FILTER_ID_PREFIX)) nativeFiltersChanged = true;
    else crossFiltersChanged = true;
  }
  if (!nativeFiltersChanged && !crossFiltersChanged) return null;
  return { ...next, nativeFiltersChanged, crossFiltersChanged };
}
