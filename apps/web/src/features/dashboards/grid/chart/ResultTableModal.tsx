import { Alert, Modal, Spin, Table } from 'antd';
import type { ExploreFormData } from '@tessera/core';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../../app/hooks';
import { errorText } from '../../../../shared/errors/to-api-error';
import { chartDataApi, type ChartDataResponse } from '../../../chart-runtime/chart-data-api';
import { dashboardQueryContext } from './chart-query';

type Loaded =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ChartDataResponse };

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/** "View as table": the chart's full result (its own query, not samples) as rows and columns. */
export function ResultTableModal({
  formData,
  title,
  onClose,
}: {
  formData: ExploreFormData;
  title: string;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const context = dashboardQueryContext(formData, { result_type: 'full', result_format: 'json' });
    if (context === null) {
      setLoaded({ status: 'error', message: 'This chart type cannot show its data' });
      return;
    }
    const request = dispatch(chartDataApi.endpoints.runChartData.initiate(context));
    void request.then((result) => {
      if (result.data !== undefined) setLoaded({ status: 'ready', data: result.data });
      else setLoaded({ status: 'error', message: errorText(result.error) });
    });
  }, [dispatch, formData]);

  const first = loaded.status === 'ready' ? loaded.data.result[0] : undefined;
  return (
    <Modal
      open
      title={title}
      footer={null}
      width={960}
      onCancel={onClose}
      data-test="chart-view-as-table-modal"
    >
      {loaded.status === 'loading' ? <Spin /> : null}
      {loaded.status === 'error' ? <Alert type="error" showIcon title={loaded.message} /> : null}
      {first?.colnames !== undefined && first.data !== undefined ? (
        <Table
          size="small"
          data-test="chart-view-as-table"
          scroll={{ x: true, y: 480 }}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          rowKey={(_row, index) => String(index)}
          dataSource={first.data}
          columns={first.colnames.map((name) => ({
            key: name,
            title: name,
            dataIndex: name,
            render: (value: unknown) => cell(value),
          }))}
        />
      ) : null}
    </Modal>
  );
}
