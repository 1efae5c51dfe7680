import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Modal, Spin, Typography, type ButtonProps, type MenuProps } from 'antd';
import type { ExploreFormData } from '@tessera/core';
import { theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { LazyDrillDetailModal } from '../../../chart-runtime';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { errorText } from '../../../../shared/errors/to-api-error';
import { downloadQueryResult } from '../../../../shared/files/chart-data-download';
import { downloadImage } from '../../../../shared/files/chart-image';
import { toastAdded } from '../../../../shared/toasts/toasts-slice';
import { chartDataApi } from '../../../chart-runtime/chart-data-api';
import { COPIED_MESSAGE, COPY_UNSUPPORTED_MESSAGE, copyText } from '../../../explore/header/clipboard';
import { dashboardApi } from '../../api/dashboard-api';
import { dashboardStateActions } from '../../state/dashboard-state.slice';
import { selectDashboardState } from '../../state/dashboard-store';
import { dashboardQueryContext, runDashboardChart } from './chart-query';

// 'View as table' only: antd's Table stays off the dashboard's first load.
const ResultTableModal = lazy(() =>
  import('./ResultTableModal').then((m) => ({ default: m.ResultTableModal })),
);

const NO_FILTERS = [] as const;

export interface ChartMenuProps {
  chartId: number;
  dashboardId: number;
  title: string;
  formData: ExploreFormData;
  canExplore: boolean;
  canCsv: boolean;
  canShareChart: boolean;
  /** Offers 'Drill to detail' (the dataset's rows behind the chart, its filters applied). */
  canDrillToDetail: boolean;
  holderRef: RefObject<HTMLDivElement | null>;
}

/** The button that opens a chart's menu, the same before and after the menu mounts (`ChartMenu`). */
export function chartMenuTrigger(props: ButtonProps & { ref?: RefObject<HTMLButtonElement | null> }) {
  return (
    <Button
      type="text"
      size="small"
      icon={<MoreOutlined />}
      aria-label="Chart menu"
      data-test="chart-menu-trigger"
      {...props}
    />
  );
}

interface ChartMenuDropdownProps extends ChartMenuProps {
  /** The button clicked to mount this menu had the focus: the new button takes it over. */
  focusAtMount: boolean;
}

/** The chart's menu on a dashboard, mounted open by `ChartMenu` when its button is first clicked. */
export function ChartMenuDropdown({
  chartId,
  dashboardId,
  title,
  formData,
  canExplore,
  canCsv,
  canShareChart,
  canDrillToDetail,
  holderRef,
  focusAtMount,
}: ChartMenuDropdownProps) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(true);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusAtMount) triggerRef.current?.focus();
  }, [focusAtMount]);
  const { token } = theme.useToken();
  const fullSize = useAppSelector((state) => selectDashboardState(state).fullSizeChartId === chartId);
  const [createExplorePermalink] = dashboardApi.useCreateExplorePermalinkMutation();
  const [tableOpen, setTableOpen] = useState(false);
  const [drillOpen, setDrillOpen] = useState(false);
  const [query, setQuery] = useState<{ loading: boolean; text: string | null; error: string | null } | null>(
    null,
  );

  const viewQuery = async () => {
    setQuery({ loading: true, text: null, error: null });
    const context = dashboardQueryContext(formData, { result_type: 'query', result_format: 'json' });
    if (context === null) {
      setQuery({ loading: false, text: null, error: 'This chart type cannot show its query' });
      return;
    }
    const request = dispatch(chartDataApi.endpoints.runChartData.initiate(context));
    const result = await request;
    if (result.data !== undefined) {
      const text = result.data.result.map((item) => item.query ?? '').join('\n\n');
      setQuery({ loading: false, text, error: null });
    } else {
      setQuery({ loading: false, text: null, error: errorText(result.error) });
    }
  };

  const downloadData = async (format: 'csv' | 'xlsx') => {
    const context = dashboardQueryContext(
      { ...formData, slice_name: title },
      { result_format: format, result_type: 'full' },
    );
    if (context === null) return;
    const error = await downloadQueryResult(context, format, title);
    if (error !== null) dispatch(toastAdded('danger', error));
  };

  const downloadPng = async () => {
    const holder = holderRef.current;
    if (holder === null) return;
    const ok = await downloadImage(holder, title, title, {
      background: token.colorBgContainer,
      titleColor: token.colorText,
      fontFamily: token.fontFamily,
    });
    if (!ok) dispatch(toastAdded('warning', 'This chart cannot be downloaded as an image'));
  };

  const shareChart = async () => {
    const result = await createExplorePermalink({
      formData,
      urlParams: Object.entries(formData.url_params ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    });
    if ('error' in result) {
      dispatch(toastAdded('danger', errorText(result.error)));
      return;
    }
    const url = new URL(result.data.url, window.location.origin).toString();
    if (await copyText(url)) dispatch(toastAdded('success', COPIED_MESSAGE));
    else dispatch(toastAdded('warning', `${COPY_UNSUPPORTED_MESSAGE} ${url}`));
  };

  const drillContext = useMemo(
    () => (drillOpen ? dashboardQueryContext(formData) : null),
    [drillOpen, formData],
  );
  const exploreUrl = `/explore/?slice_id=${String(chartId)}&dashboard_id=${String(dashboardId)}`;
  const items: MenuProps['items'] = [
    { key: 'refresh', label: <span data-test="chart-menu-force-refresh">Force refresh</span> },
    {
      key: 'full-size',
      label: (
        <span data-test="chart-menu-full-size">{fullSize ? 'Exit fullscreen' : 'Enter fullscreen'}</span>
      ),
    },
    ...(canExplore
      ? [
          {
            key: 'explore',
            label: (
              <a href={exploreUrl} data-test="chart-menu-edit-in-explore">
                Edit chart
              </a>
            ),
          },
        ]
      : []),
    { key: 'query', label: <span data-test="chart-menu-view-query">View query</span> },
    { key: 'table', label: <span data-test="chart-menu-view-as-table">View as table</span> },
    ...(canDrillToDetail
      ? [{ key: 'drill', label: <span data-test="chart-menu-drill-to-detail">Drill to detail</span> }]
      : []),
    ...(canShareChart
      ? [{ key: 'share', label: <span data-test="chart-menu-share">Copy permalink to clipboard</span> }]
      : []),
    {
      key: 'download',
      label: <span data-test="chart-menu-download">Download</span>,
      children: [
        ...(canCsv
          ? [
              { key: 'csv', label: <span data-test="chart-menu-download-csv">Export to .CSV</span> },
              { key: 'xlsx', label: <span data-test="chart-menu-download-xlsx">Export to Excel</span> },
            ]
          : []),
        { key: 'image', label: <span data-test="chart-menu-download-image">Download as image</span> },
      ],
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'refresh') void dispatch(runDashboardChart(chartId, formData, true));
    if (key === 'query') void viewQuery();
    if (key === 'csv' || key === 'xlsx') void downloadData(key);
    if (key === 'image') void downloadPng();
    if (key === 'share') void shareChart();
    if (key === 'table') setTableOpen(true);
    if (key === 'drill') setDrillOpen(true);
    if (key === 'full-size') dispatch(dashboardStateActions.fullSizeChartSet(fullSize ? null : chartId));
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick }}
        trigger={['click']}
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
      >
        {chartMenuTrigger({ ref: triggerRef })}
      </Dropdown>
      {/* Mounted only while open: a closed modal per chart still costs each holder's every render. */}
      {query === null ? null : (
        <Modal
          open
          title="View query"
          footer={null}
          width={720}
          onCancel={() => {
            setQuery(null);
          }}
          data-test="chart-view-query-modal"
        >
          {query.loading ? <Spin /> : null}
          {query.error !== null ? <Typography.Text type="danger">{query.error}</Typography.Text> : null}
          {query.text !== null ? (
            <Typography.Paragraph copyable={{ text: query.text }}>
              <pre
                data-test="chart-view-query-sql"
                style={{ whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto' }}
              >
                {query.text}
              </pre>
            </Typography.Paragraph>
          ) : null}
        </Modal>
      )}
      {drillOpen && drillContext !== null ? (
        <LazyDrillDetailModal
          chartName={title}
          baseContext={drillContext}
          initialFilters={NO_FILTERS}
          onClose={() => {
            setDrillOpen(false);
          }}
        />
      ) : null}
      {tableOpen ? (
        <Suspense fallback={null}>
          <ResultTableModal formData={formData} title={title} onClose={() => setTableOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
