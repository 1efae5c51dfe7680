import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { REPORT_STATES, type ReportSchedule, type ReportState, type ReportType } from '@tessera/contracts';
import { Button, Flex, Select, Switch, Tabs, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ListPage } from '../../shared/list-page/ListPage';
import { OwnerAvatars } from '../../shared/list-page/OwnerAvatars';
import { useListState } from '../../shared/list-page/use-list-state';
import { isAdmin } from '../../shared/session/session-slice';
import { useToasts } from '../../shared/toasts/use-toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { RowActionButton } from '../../shared/ui/RowActionButton';
import { lastModifiedColumn } from '../../shared/ui/last-modified-column';
import { tableSortOrder } from '../../shared/ui/list-query';
import { ALERT_LIST_PATH, REPORT_LIST_PATH, reportLogPath } from './paths';
import { writesReports } from './report-access';
import { hasReportFilters, reportListQuery, type ReportFilters } from './report-list-query';
import { REPORT_UI_MESSAGES } from './report-messages';
import { localTime, ReportStateTag } from './report-state-tag';
import { ReportModal } from './ReportModal';
import {
  useBulkDeleteReportsMutation,
  useDeleteReportMutation,
  useListReportsQuery,
  useReportRelatedUsersQuery,
  useUpdateReportMutation,
} from './reports-api';

const activeChoices = [
  { value: 'yes', label: 'Active' },
  { value: 'no', label: 'Inactive' },
];

/** Which tab the path names: /alert/list/ or /report/list/. */
const typeOfPath = (pathname: string): ReportType => (pathname.startsWith('/alert/') ? 'Alert' : 'Report');

/** /alert/list/ and /report/list/: schedules of one type, their switches, edits, deletes and logs. */
export function AlertReportListPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const type = typeOfPath(pathname);
  // A tab switch keeps nothing of the other tab's search, page or filters.
  return <ReportList key={type} type={type} onNavigate={(path) => void navigate(path)} />;
}

function ReportList({ type, onNavigate }: { type: ReportType; onNavigate: (path: string) => void }) {
  const [list, setList] = useListState({ column: 'name', direction: 'asc' });
  const [filters, setFilters] = useState<ReportFilters>({});
  const [ownerSearch, setOwnerSearch] = useState('');
  const [creatorSearch, setCreatorSearch] = useState('');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<ReportSchedule | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const user = useAppSelector((state) => state.session.user);
  const { addSuccessToast, addDangerToast } = useToasts();

  const { data, error, isFetching, refetch } = useListReportsQuery(reportListQuery(type, list, filters));
  const owners = useReportRelatedUsersQuery({ field: 'owners', search: ownerSearch, page: 0, pageSize: 50 });
  const creators = useReportRelatedUsersQuery({
    field: 'created_by',
    search: creatorSearch,
    page: 0,
    pageSize: 50,
  });
  const [update] = useUpdateReportMutation();
  const [deleteOne, deleteState] = useDeleteReportMutation();
  const [deleteMany] = useBulkDeleteReportsMutation();
  const rows = data?.result ?? [];
  const writes = user !== null && writesReports(user);
  const canChange = (report: ReportSchedule): boolean =>
    user !== null && writes && (isAdmin(user) || report.owners.some((owner) => owner.id === user.id));
  const noun = type === 'Alert' ? 'alert' : 'report';

  const changeFilters = (change: Partial<ReportFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setList((current) => ({ ...current, page: 0 }));
  };

  const toggleActive = async (report: ReportSchedule, active: boolean) => {
    setToggling(report.id);
    const result = await update({ id: report.id, body: { active } });
    setToggling(null);
    if ('error' in result) addDangerToast(REPORT_UI_MESSAGES.toggleFailed);
    void refetch();
  };

  const onConfirmDelete = async () => {
    if (toDelete === null) return;
    const result = await deleteOne(toDelete.id);
    if ('error' in result) addDangerToast(REPORT_UI_MESSAGES.deleteFailed);
    else addSuccessToast(REPORT_UI_MESSAGES.deleted(toDelete.name));
    setToDelete(null);
    void refetch();
  };

  const onBulkDelete = async (ids: number[]): Promise<boolean> => {
    const result = await deleteMany(ids);
    void refetch();
    if ('error' in result) {
      addDangerToast(REPORT_UI_MESSAGES.deleteFailed);
      return false;
    }
    addSuccessToast(result.data.message);
    return true;
  };

  const columns: TableProps<ReportSchedule>['columns'] = [
    {
      title: 'Active',
      key: 'active',
      width: 80,
      sorter: true,
      sortOrder: tableSortOrder(list, 'active'),
      render: (_value, report) => (
        <Switch
          data-test="report-toggle-active"
          aria-label={`${report.active ? 'Deactivate' : 'Activate'} ${report.name}`}
          size="small"
          checked={report.active}
          loading={toggling === report.id}
          disabled={!canChange(report)}
          onChange={(active) => void toggleActive(report, active)}
        />
      ),
    },
    {
      title: 'Name',
      key: 'name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'name'),
      render: (_value, report) => (
        <Flex vertical>
          <Typography.Text strong data-test="report-row-name">
            {report.name}
          </Typography.Text>
          {report.description ? (
            <Typography.Text type="secondary">{report.description}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Schedule',
      key: 'crontab',
      sorter: true,
      sortOrder: tableSortOrder(list, 'crontab'),
      render: (_value, report) => (
        <Flex vertical>
          <span data-test="report-row-schedule">{report.crontab_humanized}</span>
          <Typography.Text type="secondary">{report.timezone}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Last run',
      key: 'last_eval_dttm',
      sorter: true,
      sortOrder: tableSortOrder(list, 'last_eval_dttm'),
      render: (_value, report) => (
        <Flex gap={8} align="center" wrap>
          <span data-test="report-row-last-run">{localTime(report.last_eval_dttm)}</span>
          {report.last_state === null ? null : <ReportStateTag state={report.last_state} />}
        </Flex>
      ),
    },
    {
      title: 'Owners',
      key: 'owners',
      render: (_value, report) => <OwnerAvatars owners={report.owners} />,
    },
    lastModifiedColumn<ReportSchedule>(list, 'changed_on_delta_humanized', (report) => report.changed_on),
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, report) => (
        <Flex gap={4} justify="flex-end">
          <RowActionButton
            title="Execution log"
            data-test="report-log"
            aria-label={`Execution log of ${report.name}`}
            icon={<UnorderedListOutlined />}
            onClick={() => onNavigate(reportLogPath(type, report.id))}
          />
          {canChange(report) ? (
            <>
              <RowActionButton
                title="Edit"
                data-test="report-edit"
                aria-label={`Edit ${report.name}`}
                icon={<EditOutlined />}
                onClick={() => setEditing(report.id)}
              />
              <RowActionButton
                title="Delete"
                data-test="report-delete"
                danger
                aria-label={`Delete ${report.name}`}
                icon={<DeleteOutlined />}
                onClick={() => setToDelete(report)}
              />
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  const filtered = hasReportFilters(list, filters);
  const userChoices = (answer: typeof owners.data) =>
    (answer?.result ?? []).map((candidate) => ({ value: candidate.value, label: candidate.text }));

  return (
    <Flex vertical gap={8}>
      <Tabs
        data-test="report-tabs-nav"
        activeKey={type}
        onChange={(key) => onNavigate(key === 'Alert' ? ALERT_LIST_PATH : REPORT_LIST_PATH)}
        items={[
          { key: 'Alert', label: <span data-test="report-tab-alerts">Alerts</span> },
          { key: 'Report', label: <span data-test="report-tab-reports">Reports</span> },
        ]}
      />
      <ListPage<ReportSchedule>
        data-test="report-list-page"
        title="Alerts & reports"
        primaryAction={
          writes ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-test="report-add"
              onClick={() => setEditing('new')}
            >
              {type === 'Alert' ? 'Alert' : 'Report'}
            </Button>
          ) : null
        }
        search={{ 'data-test': 'report-search', placeholder: 'Search name or description', width: 260 }}
        filters={{
          'data-test': 'report-filters',
          controls: (
            <>
              <Select<number>
                data-test="report-filter-owner"
                aria-label="Owner"
                placeholder="Owner"
                allowClear
                style={{ width: 180 }}
                value={filters.ownerId}
                options={userChoices(owners.data)}
                showSearch={{ filterOption: false, onSearch: setOwnerSearch }}
                onChange={(ownerId?: number) => changeFilters({ ownerId })}
              />
              <Select<number>
                data-test="report-filter-created-by"
                aria-label="Created by"
                placeholder="Created by"
                allowClear
                style={{ width: 180 }}
                value={filters.createdById}
                options={userChoices(creators.data)}
                showSearch={{ filterOption: false, onSearch: setCreatorSearch }}
                onChange={(createdById?: number) => changeFilters({ createdById })}
              />
              <Select<ReportState>
                data-test="report-filter-status"
                aria-label="Status"
                placeholder="Status"
                allowClear
                style={{ width: 160 }}
                value={filters.lastState}
                options={REPORT_STATES.map((state) => ({ value: state, label: state }))}
                onChange={(lastState?: ReportState) => changeFilters({ lastState })}
              />
              <Select<string>
                data-test="report-filter-active"
                aria-label="Active"
                placeholder="Active"
                allowClear
                style={{ width: 140 }}
                value={filters.active === undefined ? undefined : filters.active ? 'yes' : 'no'}
                options={activeChoices}
                onChange={(choice?: string) =>
                  changeFilters({ active: choice === undefined ? undefined : choice === 'yes' })
                }
              />
            </>
          ),
        }}
        list={list}
        onListChange={setList}
        result={{ rows, total: data?.count ?? 0, loading: isFetching, error, onRetry: () => void refetch() }}
        errorTitle={`Sorry there was an error fetching ${noun}s`}
        table={{ 'data-test': 'report-table', columns, rowTest: 'report-row' }}
        empty={{
          'data-test': 'report-empty',
          description: filtered ? `No ${noun}s match your filters` : `No ${noun}s yet`,
        }}
        bulkDelete={
          writes
            ? {
                'data-test': 'report-bulk-delete',
                title: `Delete ${noun}s?`,
                describe: (count) => `${count === 1 ? `1 ${noun}` : `${count} ${noun}s`} will be deleted.`,
                onDelete: onBulkDelete,
              }
            : undefined
        }
      >
        {!filtered && writes && !isFetching && error === undefined && rows.length === 0 ? (
          <Flex justify="center">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-test="report-empty-add"
              onClick={() => setEditing('new')}
            >
              {type === 'Alert' ? 'Add an alert' : 'Add a report'}
            </Button>
          </Flex>
        ) : null}
        {editing === null ? null : (
          <ReportModal
            type={type}
            reportId={editing === 'new' ? null : editing}
            creationMethod="alerts_reports"
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void refetch();
            }}
          />
        )}
        <ConfirmDialog
          open={toDelete !== null}
          title={`Delete ${noun}?`}
          okText="Delete"
          danger
          loading={deleteState.isLoading}
          onConfirm={() => void onConfirmDelete()}
          onCancel={() => setToDelete(null)}
        >
          <Typography.Paragraph>
            The {noun} <Typography.Text strong>{toDelete?.name}</Typography.Text> and its execution log will
            be deleted.
          </Typography.Paragraph>
        </ConfirmDialog>
      </ListPage>
    </Flex>
  );
}
