import { useCallback } from 'react';
import type { FetchSelectOptions } from '../../shared/ui/async-select/async-select-rules';
import { useDatabaseChoices } from '../databases/database-choices';
import {
  useLazyReportChartOptionsQuery,
  useLazyReportDashboardOptionsQuery,
  useLazyReportRelatedUsersQuery,
} from './reports-api';

/** The dialog's server-side choices: owners (related/owners), charts, dashboards and databases. */
export function useReportPickers(): {
  owners: FetchSelectOptions;
  charts: FetchSelectOptions;
  dashboards: FetchSelectOptions;
  databases: FetchSelectOptions;
} {
  const [listUsers] = useLazyReportRelatedUsersQuery();
  const [listCharts] = useLazyReportChartOptionsQuery();
  const [listDashboards] = useLazyReportDashboardOptionsQuery();
  const databases = useDatabaseChoices({ sqlLabOnly: false });

  const owners = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listUsers({ field: 'owners', search, page, pageSize }, true).unwrap();
      return {
        options: response.result.map((user) => ({ value: user.value, label: user.text })),
        totalCount: response.count,
      };
    },
    [listUsers],
  );
  const charts = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listCharts({ search, page, pageSize }, true).unwrap();
      return {
        options: response.result.flatMap((chart) =>
          chart.id === undefined ? [] : [{ value: chart.id, label: chart.slice_name ?? `#${chart.id}` }],
        ),
        totalCount: response.count,
      };
    },
    [listCharts],
  );
  const dashboards = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listDashboards({ search, page, pageSize }, true).unwrap();
      return {
        options: response.result.flatMap((dashboard) =>
          dashboard.id === undefined
            ? []
            : [{ value: dashboard.id, label: dashboard.dashboard_title ?? `#${dashboard.id}` }],
        ),
        totalCount: response.count,
      };
    },
    [listDashboards],
  );
  return { owners, charts, dashboards, databases };
}
