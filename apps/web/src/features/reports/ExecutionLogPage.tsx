import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReportExecutionLog } from '@tessera/contracts';
import { Button, Flex, Typography, type TableProps } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ListPage } from '../../shared/list-page/ListPage';
import { useListState } from '../../shared/list-page/use-list-state';
import { LIST_PAGE_SIZE } from '../../shared/ui/list-query';
import { reportListPath } from './paths';
import { localTime, ReportStateTag } from './report-state-tag';
import { useGetReportQuery, useReportLogQuery } from './reports-api';

const columns: TableProps<ReportExecutionLog>['columns'] = [
  {
    title: 'State',
    key: 'state',
    render: (_value, run) => <ReportStateTag state={run.state} />,
  },
  { title: 'Scheduled at', key: 'scheduled_dttm', render: (_value, run) => localTime(run.scheduled_dttm) },
  { title: 'Start at', key: 'start_dttm', render: (_value, run) => localTime(run.start_dttm) },
  { title: 'End at', key: 'end_dttm', render: (_value, run) => localTime(run.end_dttm) },
  { title: 'Value', key: 'value', render: (_value, run) => (run.value === null ? '—' : String(run.value)) },
  {
    title: 'Error message',
    key: 'error_message',
    render: (_value, run) =>
      run.error_message === null ? null : (
        <Typography.Text type="danger" data-test="report-log-error">
          {run.error_message}
        </Typography.Text>
      ),
  },
];

/** /alert/{id}/log/ and /report/{id}/log/: the runs of one schedule, newest first. */
export function ExecutionLogPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const reportId = Number(id);
  const valid = Number.isInteger(reportId) && reportId > 0;
  const type = pathname.startsWith('/alert/') ? 'Alert' : 'Report';
  const [list, setList] = useListState({ column: undefined, direction: 'desc' });
  const report = useGetReportQuery(reportId, { skip: !valid });
  const log = useReportLogQuery(
    { id: reportId, page: list.page, pageSize: LIST_PAGE_SIZE },
    { skip: !valid },
  );
  const name = report.data?.name ?? '';

  return (
    <Flex vertical gap={8}>
      <div>
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          data-test="report-log-back"
          onClick={() => void navigate(reportListPath(type))}
        >
          Back to all
        </Button>
      </div>
      <ListPage<ReportExecutionLog>
        data-test="report-log-page"
        title={name === '' ? 'Execution log' : `${name} — execution log`}
        list={list}
        onListChange={setList}
        result={{
          rows: log.data?.result ?? [],
          total: log.data?.count ?? 0,
          loading: log.isFetching,
          error: valid ? (report.error ?? log.error) : { error: 'Not found', status: 404 },
          onRetry: () => {
            if (!valid) return;
            void report.refetch();
            void log.refetch();
          },
        }}
        errorTitle="Sorry there was an error fetching the execution log"
        table={{ 'data-test': 'report-log-table', columns, rowTest: 'report-log-row' }}
        empty={{ 'data-test': 'report-log-empty', description: 'This schedule has not run yet' }}
      />
    </Flex>
  );
}
