import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toApiError } from '../../../shared/errors/to-api-error';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { dashboardApi } from '../api/dashboard-api';
import { dashboardPath, DASHBOARD_LIST_PATH } from '../paths';

/**
 * /superset/dashboard/p/:key/ — reads the permalink's state and opens its dashboard with the recorded
 * URL parameters (native_filters included), active tabs (router state) and anchor (#hash).
 */
export function DashboardPermalinkPage() {
  const { key = '' } = useParams();
  const navigate = useNavigate();
  const permalink = dashboardApi.useGetDashboardPermalinkQuery(key);
  const dashboardKey = permalink.data?.dashboardId;
  const dashboard = dashboardApi.useGetDashboardByKeyQuery(dashboardKey ?? skipToken);

  useEffect(() => {
    const state = permalink.data?.state;
    const found = dashboard.data;
    if (state === undefined || found === undefined) return;
    const search = new URLSearchParams(state.urlParams).toString();
    const hash = state.anchor === null || state.anchor === '' ? '' : `#${encodeURIComponent(state.anchor)}`;
    void navigate(
      `${dashboardPath({ id: found.id, slug: found.result.slug })}${search === '' ? '' : `?${search}`}${hash}`,
      {
        replace: true,
        state: { activeTabs: state.activeTabs },
      },
    );
  }, [permalink.data, dashboard.data, navigate]);

  const error = toApiError(permalink.error ?? dashboard.error);
  if (error !== null) {
    const code = error.status;
    if (code === 403) {
      return (
        <Result
          status="403"
          title="Access denied"
          subTitle="You do not have access to this dashboard."
          data-test="dashboard-permalink-forbidden"
        />
      );
    }
    return (
      <Result
        status="404"
        title="Permalink not found"
        subTitle={
          code === 404 || code === 400
            ? 'This link does not exist, or it expired.'
            : 'The link could not be opened.'
        }
        extra={<Button href={DASHBOARD_LIST_PATH}>Dashboards</Button>}
        data-test="dashboard-permalink-not-found"
      />
    );
  }
  return <PageLoading />;
}
