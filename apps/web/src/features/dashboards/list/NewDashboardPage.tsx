import { Button, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { DASHBOARD_LIST_PATH, dashboardEditPath } from '../paths';
import { useCreateUntitledDashboardMutation } from './dashboard-list-api';

/**
 * /dashboard/new/: creates an untitled dashboard and replaces itself with that dashboard in edit mode,
 * so Back returns to where the user came from, not to a page that creates another one.
 */
export function NewDashboardPage() {
  const [create, state] = useCreateUntitledDashboardMutation();
  const navigate = useNavigate();
  // One dashboard per visit, even when React runs the effect twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void create(null).then((result) => {
      if ('data' in result && result.data !== undefined)
        void navigate(dashboardEditPath({ id: result.data.id, slug: result.data.result.slug }), {
          replace: true,
        });
    });
  }, [create, navigate]);

  if (state.isError)
    return (
      <Result
        data-test="dashboard-new-error"
        status="error"
        title="The dashboard could not be created"
        extra={[
          <Button
            key="retry"
            data-test="dashboard-new-retry"
            type="primary"
            onClick={() => void create(null)}
          >
            Retry
          </Button>,
          <Button
            key="list"
            data-test="dashboard-new-list"
            onClick={() => void navigate(DASHBOARD_LIST_PATH)}
          >
            Back to dashboards
          </Button>,
        ]}
      >
        <ErrorMessage error={state.error} />
      </Result>
    );
  return <PageLoading />;
}
