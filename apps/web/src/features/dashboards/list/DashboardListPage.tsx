import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DashboardItem } from '@tessera/contracts';
import { Button, Flex, Select, Tag, Typography, theme, type TableProps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { errorText } from '../../../shared/errors/to-api-error';
import { canEditOwned, favoriteStars } from '../../../shared/list-page/favorite-stars';
import { FavoriteStar } from '../../../shared/list-page/FavoriteStar';
import { ListPage } from '../../../shared/list-page/ListPage';
import { CertifiedIcon } from '../../../shared/ui/CertificationIcons';
import { OwnerAvatars, personName } from '../../../shared/list-page/OwnerAvatars';
import { useListState } from '../../../shared/list-page/use-list-state';
import { can } from '../../../shared/session/permissions';
import { isAdmin } from '../../../shared/session/session-slice';
import { useToasts } from '../../../shared/toasts/use-toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { RowActionButton } from '../../../shared/ui/RowActionButton';
import { ExportRowAction } from '../../../shared/bundles/ExportRowAction';
import { lastModifiedColumn } from '../../../shared/ui/last-modified-column';
import { tableSortOrder } from '../../../shared/ui/list-query';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption } from '../../../shared/ui/async-select/async-select-rules';
import { useRelatedChoices } from '../../../shared/ui/async-select/related-choices';
import { DASHBOARD_NEW_PATH, dashboardEditPath, dashboardPath } from '../paths';
import {
  useBulkDeleteDashboardsMutation,
  useDashboardListFavoriteStatusQuery,
  useDashboardListQuery,
  useDeleteDashboardFromListMutation,
  useSetDashboardListFavoriteMutation,
} from './dashboard-list-api';
import { tagsColumn } from '../../tags/tags-column';
import { useTagging } from '../../tags/use-tagging';
import { dashboardListQuery, hasDashboardFilters, type DashboardFilters } from './dashboard-list-query';

/** A list row: the server sends every column when the page asks for none. */
type DashboardRow = DashboardItem & { id: number };

// Spec 001's message for a failed star on a dashboard.
const STAR_ERROR = 'There was an issue favoriting this dashboard.';

const yesNo = (yes: string, no: string) => [
  { value: 'yes', label: yes },
  { value: 'no', label: no },
];
const choiceOf = (flag: boolean | undefined): string | undefined =>
  flag === undefined ? undefined : flag ? 'yes' : 'no';
const flagOf = (choice: string | undefined): boolean | undefined =>
  choice === undefined ? undefined : choice === 'yes';

function StatusTag({ published }: { published: boolean | undefined }) {
  return published === true ? (
    <Tag data-test="dashboard-status" color="success">
      Published
    </Tag>
  ) : (
    <Tag data-test="dashboard-status">Draft</Tag>
  );
}

/** /dashboard/list/: dashboards as cards or a table, with search, filters, stars and (bulk) delete. */
export function DashboardListPage() {
  const [list, setList] = useListState({ column: 'changed_on_delta_humanized', direction: 'desc' });
  const [filters, setFilters] = useState<DashboardFilters>({});
  // The picked owner with its label (the filters keep the id).
  const [ownerChoice, setOwnerChoice] = useState<AsyncSelectOption | null>(null);
  const [toDelete, setToDelete] = useState<DashboardRow | null>(null);
  const user = useAppSelector((state) => state.session.user);
  const admin = isAdmin(user);
  const navigate = useNavigate();
  const { token } = theme.useToken();

  const { data, error, isFetching, refetch } = useDashboardListQuery(
    dashboardListQuery(list, filters),
    // Coming back from /dashboard/new/ or a dashboard, the cached page would miss what changed there.
    { refetchOnMountOrArgChange: true },
  );
  const rows: DashboardRow[] = (data?.result ?? []).flatMap((item) =>
    item.id === undefined ? [] : [{ ...item, id: item.id }],
  );
  const pageIds = rows.map((row) => row.id);
  const favorites = useDashboardListFavoriteStatusQuery(pageIds, { skip: pageIds.length === 0 });
  const fetchOwners = useRelatedChoices('/api/v1/dashboard/related/owners');
  const [setFavorite] = useSetDashboardListFavoriteMutation();
  const [deleteOne, deleteState] = useDeleteDashboardFromListMutation();
  const [deleteMany] = useBulkDeleteDashboardsMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const stars = favoriteStars({
    status: favorites,
    setFavorite,
    errorText: STAR_ERROR,
    onError: addDangerToast,
    afterToggle: () => {
      if (filters.favorite !== undefined) void refetch();
    },
  });
  const writes = can(user, 'can_write', 'Dashboard');
  const canEdit = (dashboard: DashboardRow): boolean => canEditOwned(user, writes, admin, dashboard.owners);
  const title = (dashboard: DashboardRow): string => dashboard.dashboard_title ?? '';

  const changeFilters = (change: Partial<DashboardFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setList((current) => ({ ...current, page: 0 }));
  };

  const star = (dashboard: DashboardRow) => (
    <FavoriteStar
      data-test="dashboard-favorite"
      name={title(dashboard)}
      starred={stars.isStarred(dashboard.id)}
      onToggle={() => void stars.toggle(dashboard.id)}
    />
  );

  const rowActions = (dashboard: DashboardRow) => (
    <Flex gap={4} justify="flex-end">
      <ExportRowAction resource="dashboard" id={dashboard.id} name={title(dashboard)} />
      {canEdit(dashboard) ? (
        <>
          <RowActionButton
            title="Edit"
            data-test="dashboard-edit"
            aria-label={`Edit ${title(dashboard)}`}
            icon={<EditOutlined />}
            onClick={() => void navigate(dashboardEditPath(dashboard))}
          />
          <RowActionButton
            title="Delete"
            data-test="dashboard-delete"
            danger
            aria-label={`Delete ${title(dashboard)}`}
            icon={<DeleteOutlined />}
            onClick={() => setToDelete(dashboard)}
          />
        </>
      ) : null}
    </Flex>
  );

  const titleLink = (dashboard: DashboardRow, dataTest: string) => (
    <Link data-test={dataTest} to={dashboardPath(dashboard)}>
      {title(dashboard)}
    </Link>
  );

  const tagging = useTagging();
  const columns: TableProps<DashboardRow>['columns'] = [
    { key: 'favorite', width: 40, render: (_value, dashboard) => star(dashboard) },
    {
      title: 'Title',
      dataIndex: 'dashboard_title',
      key: 'dashboard_title',
      sorter: true,
      sortOrder: tableSortOrder(list, 'dashboard_title'),
      render: (_value, dashboard) => (
        <Flex gap={6} align="center">
          {titleLink(dashboard, 'dashboard-title')}
          <CertifiedIcon
            certifiedBy={dashboard.certified_by}
            details={dashboard.certification_details}
            dataTest="dashboard-certified"
          />
        </Flex>
      ),
    },
    {
      title: 'Owners',
      key: 'owners',
      render: (_value, dashboard) => <OwnerAvatars owners={dashboard.owners ?? []} />,
    },
    ...tagsColumn<DashboardRow>(tagging, 'dashboard-tags'),
    {
      title: 'Status',
      key: 'published',
      sorter: true,
      sortOrder: tableSortOrder(list, 'published'),
      render: (_value, dashboard) => <StatusTag published={dashboard.published} />,
    },
    {
      title: 'Modified by',
      key: 'changed_by',
      render: (_value, dashboard) => personName(dashboard.changed_by),
    },
    lastModifiedColumn<DashboardRow>(list, 'changed_on_delta_humanized', (dashboard) => dashboard.changed_on),
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, dashboard) => rowActions(dashboard),
    },
  ];

  const onConfirmDelete = async () => {
    if (toDelete === null) return;
    const result = await deleteOne(toDelete.id);
    if ('error' in result) addDangerToast(`Could not delete ${title(toDelete)}: ${errorText(result.error)}`);
    else addSuccessToast(`Deleted: ${title(toDelete)}`);
    setToDelete(null);
    void refetch();
  };

  const onBulkDelete = async (ids: number[]): Promise<boolean> => {
    const result = await deleteMany(ids);
    void refetch();
    if ('error' in result) {
      addDangerToast(`Could not delete the dashboards: ${errorText(result.error)}`);
      return false;
    }
    addSuccessToast(result.data.message);
    return true;
  };

  return (
    <ListPage<DashboardRow>
      data-test="dashboard-list-page"
      title="Dashboards"
      primaryAction={
        writes ? (
          <Link to={DASHBOARD_NEW_PATH} data-test="dashboard-add">
            <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
              Dashboard
            </Button>
          </Link>
        ) : null
      }
      search={{ 'data-test': 'dashboard-search', placeholder: 'Search title or slug', width: 260 }}
      filters={{
        'data-test': 'dashboard-filters',
        controls: (
          <>
            <div style={{ width: 180 }}>
              <AsyncSelect
                data-test="dashboard-filter-owner"
                aria-label="Owner"
                placeholder="Owner"
                allowClear
                fetchOptions={fetchOwners}
                value={ownerChoice}
                onChange={(choice) => {
                  setOwnerChoice(choice);
                  changeFilters({ ownerId: choice === null ? undefined : Number(choice.value) });
                }}
              />
            </div>
            <Select<string>
              data-test="dashboard-filter-status"
              aria-label="Status"
              placeholder="Status"
              allowClear
              style={{ width: 140 }}
              value={choiceOf(filters.published)}
              options={yesNo('Published', 'Draft')}
              onChange={(choice?: string) => changeFilters({ published: flagOf(choice) })}
            />
            <Select<string>
              data-test="dashboard-filter-favorite"
              aria-label="Favorite"
              placeholder="Favorite"
              allowClear
              style={{ width: 150 }}
              value={choiceOf(filters.favorite)}
              options={yesNo('Favorites', 'Not favorites')}
              onChange={(choice?: string) => changeFilters({ favorite: flagOf(choice) })}
            />
            <Select<string>
              data-test="dashboard-filter-certified"
              aria-label="Certified"
              placeholder="Certified"
              allowClear
              style={{ width: 150 }}
              value={choiceOf(filters.certified)}
              options={yesNo('Certified', 'Not certified')}
              onChange={(choice?: string) => changeFilters({ certified: flagOf(choice) })}
            />
          </>
        ),
      }}
      list={list}
      onListChange={setList}
      result={{
        rows,
        total: data?.count ?? 0,
        loading: isFetching,
        error,
        onRetry: () => void refetch(),
      }}
      errorTitle="An error occurred while fetching dashboards"
      table={{ 'data-test': 'dashboard-table', columns }}
      empty={{
        'data-test': 'dashboard-empty',
        description: hasDashboardFilters(list, filters)
          ? 'No dashboards match your filters'
          : 'No dashboards yet',
      }}
      cards={{
        'data-test': 'dashboard-cards',
        cardTest: 'dashboard-card',
        toggleTest: 'dashboard-view-toggle',
        togglePrefix: 'dashboard-view',
        initial: 'card',
        card: (dashboard) => ({
          title: titleLink(dashboard, 'dashboard-card-title'),
          extra: (
            <Flex gap={4} align="center">
              <CertifiedIcon
                certifiedBy={dashboard.certified_by}
                details={dashboard.certification_details}
                dataTest="dashboard-certified"
              />
              {star(dashboard)}
              {rowActions(dashboard)}
            </Flex>
          ),
          body: (
            <Flex vertical gap={token.marginXS}>
              <Flex justify="space-between" align="center">
                <StatusTag published={dashboard.published} />
                <OwnerAvatars owners={dashboard.owners ?? []} />
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                Modified {dashboard.changed_on_delta_humanized ?? ''}
              </Typography.Text>
            </Flex>
          ),
        }),
      }}
      bundles={{ resource: 'dashboard', canImport: writes }}
      bulkDelete={
        writes
          ? {
              'data-test': 'dashboard-bulk-delete',
              title: 'Delete dashboards?',
              describe: (count) => `${count === 1 ? '1 dashboard' : `${count} dashboards`} will be deleted.`,
              onDelete: onBulkDelete,
            }
          : undefined
      }
    >
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete dashboard?"
        okText="Delete"
        danger
        loading={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <Typography.Paragraph>
          The dashboard <Typography.Text strong>{toDelete ? title(toDelete) : ''}</Typography.Text> will be
          deleted. Its charts stay.
        </Typography.Paragraph>
      </ConfirmDialog>
    </ListPage>
  );
}
