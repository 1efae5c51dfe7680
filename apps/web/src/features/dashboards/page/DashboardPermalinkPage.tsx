import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toApiError } from '../../../shared/errors/to-api-error';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { dashboardApi } from '../api/dashboard-api';
import { dashboardPath, DASHBOARD_LIST_PATH } from '../paths';
import { permalinkTarget } from './permalink-target';

/**
 * /superset/dashboard/p/:key/ — reads the permalink's state and opens its dashboard with the recorded
 * URL parameters (native_filters included), active tabs (router state) and anchor (#hash); a native_filters
 * preselect on the permalink's own URL goes along.
 */
export function DashboardPermalinkPage() {
  const { key = '' } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const permalink = dashboardApi.useGetDashboardPermalinkQuery(key);
  const dashboardKey = permalink.data?.dashboardId;
  const dashboard = dashboardApi.useGetDashboardByKeyQuery(dashboardKey ?? skipToken);

  useEffect(() => {
    const state = permalink.data?.state;
    const found = dashboard.data;
    if (state === undefined || found === undefined) return;
    void navigate(permalinkTarget(dashboardPath({ id: found.id, slug: found.result.slug }), state, search), {
      replace: true,
      state: { activeTabs: state.activeTabs, dataMask: state.dataMask },
    });
  }, [permalink.data, dashboard.data, navigate, search]);

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
