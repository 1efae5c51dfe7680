import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Modal, Spin, Typography, type MenuProps } from 'antd';
import type { ExploreFormData } from '@tessera/core';
import { useState } from 'react';
import { useAppDispatch } from '../../../../app/hooks';
import { postForFile, saveBlob } from '../../../../shared/api/download-file';
import { errorText } from '../../../../shared/errors/to-api-error';
import { toastAdded } from '../../../../shared/toasts/toasts-slice';
import { chartDataApi } from '../../../chart-runtime/chart-data-api';
import { dashboardQueryContext, runDashboardChart } from './chart-query';

interface ChartMenuProps {
  chartId: number;
  dashboardId: number;
  title: string;
  formData: ExploreFormData;
  canExplore: boolean;
  canCsv: boolean;
}

function csvName(title: string): string {
  const base = title.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '');
  return `${base === '' ? 'chart' : base}.csv`;
}

/** The chart's menu on a dashboard; more items (image, full size, share) come with later milestones. */
export function ChartMenu({ chartId, dashboardId, title, formData, canExplore, canCsv }: ChartMenuProps) {
  const dispatch = useAppDispatch();
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

  const downloadCsv = async () => {
    const context = dashboardQueryContext(
      { ...formData, slice_name: title },
      { result_format: 'csv', result_type: 'full' },
    );
    if (context === null) return;
    const outcome = await postForFile('/api/v1/chart/data', context);
    if (outcome.ok) saveBlob(outcome.blob, csvName(title));
    else dispatch(toastAdded('danger', errorText(outcome.error)));
  };

  const exploreUrl = `/explore/?slice_id=${String(chartId)}&dashboard_id=${String(dashboardId)}`;
  const items: MenuProps['items'] = [
    { key: 'refresh', label: <span data-test="chart-menu-force-refresh">Force refresh</span> },
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
    ...(canCsv
      ? [{ key: 'csv', label: <span data-test="chart-menu-download-csv">Download as CSV</span> }]
      : []),
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'refresh') void dispatch(runDashboardChart(chartId, formData, true));
    if (key === 'query') void viewQuery();
    if (key === 'csv') void downloadCsv();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label="Chart menu"
          data-test="chart-menu-trigger"
        />
      </Dropdown>
      <Modal
        open={query !== null}
        title="View query"
        footer={null}
        width={720}
        onCancel={() => {
          setQuery(null);
        }}
        data-test="chart-view-query-modal"
      >
        {query?.loading === true ? <Spin /> : null}
        {query?.error !== null && query?.error !== undefined ? (
          <Typography.Text type="danger">{query.error}</Typography.Text>
        ) : null}
        {query?.text !== null && query?.text !== undefined ? (
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
    </>
  );
}
