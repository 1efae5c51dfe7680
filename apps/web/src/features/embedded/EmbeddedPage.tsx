import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { useParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { hostTokensSet, themeModeSet } from '../../app/theme/theme-slice';
import { prefersDark } from '../../app/theme/theme-storage';
import { setGuestToken } from '../../shared/api/guest-token';
import { errorText } from '../../shared/errors/to-api-error';
import { lazyComponent } from '../../shared/lazy/lazy-component';
import { embeddedApi } from './embedded-api';
import { listenToHost } from './embedded-comms';
import { dataMaskChange, hostMethods } from './host-methods';
import { selectNativeFilters } from '../dashboards/state/dashboard-store';

/**
 * Lazy, not a static import: that would fold the dashboard page into a chunk shared with this one, which
 * the server's route preloads (route-preloads.ts) cannot find by its source, so /superset/dashboard/…
 * would download its page code only after the app's entry had run.
 */
const DashboardPage = lazyComponent<{ embeddedId?: number }>(() =>
  import('../dashboards/page/DashboardPage').then((m) => m.DashboardPage),
);

/**
 * `/embedded/{uuid}` (issue #15 item 4): the page inside the embedded SDK's iframe. It waits for the
 * host's guest token over the SDK's port, then renders the dashboard read-only, every request carrying
 * the token (shared/api/guest-token.ts); a refreshed token replaces it in place. No login redirect:
 * a viewer here never has a session.
 */
export function EmbeddedPage() {
  const { uuid = '' } = useParams();
  const [token, setToken] = useState<string | null>(null);
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();

  useEffect(() => {
    // The dashboard's code downloads while the host sends the guest token.
    void DashboardPage.preload();
  }, []);

  useEffect(() => {
    const host = listenToHost(
      {
        onGuestToken: (next) => {
          setGuestToken(next);
          setToken(next);
        },
        onThemeMode: (mode) => {
          if (mode === 'system') dispatch(themeModeSet({ system: prefersDark() ? 'dark' : 'light' }));
          else dispatch(themeModeSet({ mode: mode === 'dark' ? 'dark' : 'light' }));
        },
        onThemeTokens: (tokens) => dispatch(hostTokensSet(tokens)),
      },
      // The permalink asks the host back (resolvePermalinkUrl) over this same connection.
      hostMethods(
        () => store.getState(),
        (method, args) => host.get(method, args),
      ),
    );
    // The SDK's observeDataMask: the host hears every change of the applied filters.
    let masks = selectNativeFilters(store.getState()).applied;
    const unsubscribe = store.subscribe(() => {
      const next = selectNativeFilters(store.getState()).applied;
      const change = dataMaskChange(masks, next);
      masks = next;
      if (change !== null) host.emit('observeDataMask', change);
    });
    return () => {
      unsubscribe();
      host.stop();
    };
  }, [store, dispatch]);

  if (token === null) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }} data-test="embedded-waiting">
        <Spin />
      </div>
    );
  }
  return <EmbeddedDashboard uuid={uuid} />;
}

function EmbeddedDashboard({ uuid }: { uuid: string }) {
  const { data, error, isLoading } = embeddedApi.useGetEmbeddedByUuidQuery(uuid);
  if (isLoading) return <Spin style={{ display: 'block', margin: 48 }} data-test="embedded-loading" />;
  const dashboardId = data === undefined ? NaN : Number(data.result.dashboard_id);
  if (!Number.isSafeInteger(dashboardId)) {
    return (
      <Result
        status="403"
        title="This dashboard cannot be shown"
        subTitle={error === undefined ? undefined : errorText(error)}
        data-test="embedded-error"
      />
    );
  }
  return <DashboardPage embeddedId={dashboardId} />;
}
