import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CHART_LIST_PAGE_SIZE, type ChartItem, type ChartUpdate } from '@tessera/contracts';
import { Button, Flex, Select, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { errorText } from '../../shared/errors/to-api-error';
import { saveErrorText } from '../../shared/errors/save-error-text';
import { canEditOwned, favoriteStars } from '../../shared/list-page/favorite-stars';
import { FavoriteStar } from '../../shared/list-page/FavoriteStar';
import { ListPage } from '../../shared/list-page/ListPage';
import { personName } from '../../shared/list-page/OwnerAvatars';
import { useListState } from '../../shared/list-page/use-list-state';
import { can } from '../../shared/session/permissions';
import { isAdmin } from '../../shared/session/session-slice';
import { useToasts } from '../../shared/toasts/use-toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { RowActionButton } from '../../shared/ui/RowActionButton';
import { ExportRowAction } from '../../shared/bundles/ExportRowAction';
import { lastModifiedColumn } from '../../shared/ui/last-modified-column';
import { tableSortOrder } from '../../shared/ui/list-query';
import { useDatasetChoices } from '../datasets/dataset-choices';
import { useListDatasetsQuery } from '../datasets/datasets-api';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption } from '../../shared/ui/async-select/async-select-rules';
import { useRelatedChoices } from '../../shared/ui/async-select/related-choices';
import { tagsColumn } from '../tags/tags-column';
import { useTagging } from '../tags/use-tagging';
import { chartCard } from './chart-card';
import { chartListQuery, hasChartFilters, type ChartFilters } from './chart-list-query';
import { ChartPropertiesModal } from './ChartPropertiesModal';
import {
  useBulkDeleteChartsMutation,
  useChartListFavoriteStatusQuery,
  useChartListVizTypesQuery,
  useDeleteChartFromListMutation,
  useListChartsQuery,
  useSetChartListFavoriteMutation,
  useUpdateChartPropertiesMutation,
} from './charts-api';
import { NO_CHARTS_NO_DATASET_ACCESS } from './dataset-access';
import { CHART_CREATE_PATH, chartExplorePath } from './paths';
import { isDrawableVizType, vizTypeName } from './viz-names';

/** A list row: the server always sends these columns when the page asks for none. */
type ChartRow = ChartItem & { id: number };

const STAR_ERROR = 'An error occurred while starring this chart';

const favoriteChoices = [
  { value: 'yes', label: 'Favorites' },
  { value: 'no', label: 'Not favorites' },
];

/** /chart/list/: saved charts with search, filters, stars, bulk delete and property editing. */
export function ChartListPage() {
  const [list, setList] = useListState({ column: 'changed_on_delta_humanized', direction: 'desc' });
  const [filters, setFilters] = useState<ChartFilters>({});
  // The picked dataset and owner with their labels (the filters keep the ids).
  const [datasetChoice, setDatasetChoice] = useState<AsyncSelectOption | null>(null);
  const [ownerChoice, setOwnerChoice] = useState<AsyncSelectOption | null>(null);
  const [editing, setEditing] = useState<ChartRow | null>(null);
  const [toDelete, setToDelete] = useState<ChartRow | null>(null);
  const user = useAppSelector((state) => state.session.user);
  const admin = isAdmin(user);
  const tagging = useTagging();

  const { data, error, isFetching, refetch } = useListChartsQuery(chartListQuery(list, filters));
  const rows: ChartRow[] = (data?.result ?? []).flatMap((item) =>
    item.id === undefined ? [] : [{ ...item, id: item.id }],
  );
  const pageIds = rows.map((row) => row.id);
  const favorites = useChartListFavoriteStatusQuery(pageIds, { skip: pageIds.length === 0 });
  const vizTypes = useChartListVizTypesQuery(null);
  const fetchOwners = useRelatedChoices('/api/v1/chart/related/owners');
  const fetchDatasets = useDatasetChoices();
  // One dataset row is enough to tell whether the user can read any dataset at all.
  const anyDataset = useListDatasetsQuery({ filters: [], order_direction: 'asc', page: 0, page_size: 1 });
  const [setFavorite] = useSetChartListFavoriteMutation();
  const [update, updateState] = useUpdateChartPropertiesMutation();
  const [deleteOne, deleteState] = useDeleteChartFromListMutation();
  const [deleteMany] = useBulkDeleteChartsMutation();
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
  const writes = can(user, 'can_write', 'Chart');
  const canEdit = (chart: ChartRow): boolean => canEditOwned(user, writes, admin, chart.owners);

  const changeFilters = (change: Partial<ChartFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setList((current) => ({ ...current, page: 0 }));
  };

  const starButton = (chart: ChartRow) => (
    <FavoriteStar
      data-test="chart-favorite"
      name={chart.slice_name ?? ''}
      starred={stars.isStarred(chart.id)}
      onToggle={() => void stars.toggle(chart.id)}
    />
  );

  const rowActions = (chart: ChartRow) => (
    <Flex gap={4} justify="flex-end">
      <ExportRowAction resource="chart" id={chart.id} name={chart.slice_name ?? ''} />
      {canEdit(chart) ? (
        <>
          <RowActionButton
            title="Edit properties"
            data-test="chart-edit"
            aria-label={`Edit ${chart.slice_name ?? ''}`}
            icon={<EditOutlined />}
            onClick={() => setEditing(chart)}
          />
          <RowActionButton
            title="Delete"
            data-test="chart-delete"
            danger
            aria-label={`Delete ${chart.slice_name ?? ''}`}
            icon={<DeleteOutlined />}
            onClick={() => setToDelete(chart)}
          />
        </>
      ) : null}
    </Flex>
  );

  const ownerNames = (chart: ChartRow) => (chart.owners ?? []).map(personName).join(', ');

  const columns: TableProps<ChartRow>['columns'] = [
    { key: 'favorite', width: 40, render: (_value, chart) => starButton(chart) },
    {
      title: 'Name',
      dataIndex: 'slice_name',
      key: 'slice_name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'slice_name'),
      render: (_value, chart) => (
        <Flex vertical>
          <Link data-test="chart-name" to={chartExplorePath(chart.id)}>
            {chart.slice_name}
          </Link>
          {chart.description ? <Typography.Text type="secondary">{chart.description}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      title: 'Type',
      dataIndex: 'viz_type',
      key: 'viz_type',
      sorter: true,
      sortOrder: tableSortOrder(list, 'viz_type'),
      render: (_value, chart) => (
        <Flex gap={4} wrap align="center">
          <span data-test="chart-type">{vizTypeName(chart.viz_type)}</span>
          {isDrawableVizType(chart.viz_type) ? null : (
            <Tooltip title="This visualization type is not supported">
              <Tag data-test="chart-type-unsupported">Not supported</Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: 'Dataset',
      key: 'datasource_name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'datasource_name'),
      render: (_value, chart) => chart.datasource_name_text ?? '',
    },
    {
      title: 'Dashboards',
      key: 'dashboards',
      render: (_value, chart) => (
        <span data-test="chart-dashboards">
          {(chart.dashboards ?? [])
            .map((dashboard) => dashboard.dashboard_title ?? `#${dashboard.id}`)
            .join(', ')}
        </span>
      ),
    },
    { title: 'Owners', key: 'owners', render: (_value, chart) => ownerNames(chart) },
    ...tagsColumn<ChartRow>(tagging, 'chart-tags'),
    lastModifiedColumn<ChartRow>(list, 'changed_on_delta_humanized', (chart) => chart.changed_on),
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, chart) => rowActions(chart),
    },
  ];

  const onEdit = async (body: ChartUpdate) => {
    if (editing === null) return;
    const result = await update({ id: editing.id, body });
    if ('error' in result) {
      addDangerToast(saveErrorText('chart', result.error));
      return;
    }
    addSuccessToast(`Chart [${body.slice_name ?? ''}] has been saved`);
    setEditing(null);
    void refetch();
  };

  const onConfirmDelete = async () => {
    if (toDelete === null) return;
    const result = await deleteOne(toDelete.id);
    if ('error' in result)
      addDangerToast(`Could not delete ${toDelete.slice_name ?? ''}: ${errorText(result.error)}`);
    else addSuccessToast(`Deleted: ${toDelete.slice_name ?? ''}`);
    setToDelete(null);
    void refetch();
  };

  const onBulkDelete = async (ids: number[]): Promise<boolean> => {
    const result = await deleteMany(ids);
    void refetch();
    if ('error' in result) {
      addDangerToast(`Could not delete the charts: ${errorText(result.error)}`);
      return false;
    }
    addSuccessToast(result.data.message);
    return true;
  };

  // Without a readable dataset '+ Chart' leads nowhere, so the empty list says what to ask for instead of
  // only 'No charts yet'.
  const noReadableDatasets = anyDataset.data?.count === 0;
  const emptyDescription = hasChartFilters(list, filters)
    ? 'No charts match your filters'
    : noReadableDatasets && !can(user, 'can_write', 'Dataset')
      ? NO_CHARTS_NO_DATASET_ACCESS
      : 'No charts yet';

  return (
    <ListPage<ChartRow>
      data-test="chart-list-page"
      title="Charts"
      pageSize={CHART_LIST_PAGE_SIZE}
      primaryAction={
        writes ? (
          <Link to={CHART_CREATE_PATH} data-test="chart-add">
            <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
              Chart
            </Button>
          </Link>
        ) : null
      }
      search={{
        'data-test': 'chart-search',
        placeholder: 'Search name, description, type or dataset',
        width: 300,
      }}
      filters={{
        'data-test': 'chart-filters',
        controls: (
          <>
            <Select<string>
              data-test="chart-filter-viz-type"
              aria-label="Chart type"
              placeholder="Chart type"
              allowClear
              style={{ width: 180 }}
              value={filters.vizType}
              options={(vizTypes.data?.result ?? []).map((entry) => ({
                value: entry.value,
                label: vizTypeName(entry.value),
              }))}
              onChange={(vizType?: string) => changeFilters({ vizType })}
            />
            <div style={{ width: 200 }}>
              <AsyncSelect
                data-test="chart-filter-dataset"
                aria-label="Dataset"
                placeholder="Dataset"
                allowClear
                fetchOptions={fetchDatasets}
                value={datasetChoice}
                onChange={(choice) => {
                  setDatasetChoice(choice);
                  changeFilters({ datasetId: choice === null ? undefined : Number(choice.value) });
                }}
              />
            </div>
            <div style={{ width: 180 }}>
              <AsyncSelect
                data-test="chart-filter-owner"
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
              data-test="chart-filter-favorite"
              aria-label="Favorite"
              placeholder="Favorite"
              allowClear
              style={{ width: 150 }}
              value={filters.favorite === undefined ? undefined : filters.favorite ? 'yes' : 'no'}
              options={favoriteChoices}
              onChange={(choice?: string) =>
                changeFilters({ favorite: choice === undefined ? undefined : choice === 'yes' })
              }
            />
          </>
        ),
      }}
      list={list}
      onListChange={setList}
      result={{ rows, total: data?.count ?? 0, loading: isFetching, error, onRetry: () => void refetch() }}
      errorTitle="Sorry there was an error fetching saved charts"
      table={{ 'data-test': 'chart-table', columns }}
      empty={{ 'data-test': 'chart-empty', description: emptyDescription }}
      cards={{
        'data-test': 'chart-cards',
        cardTest: 'chart-card',
        toggleTest: 'chart-view-toggle',
        togglePrefix: 'chart-view',
        card: (chart) =>
          chartCard(
            chart,
            ownerNames(chart),
            <Flex gap={4}>
              {starButton(chart)}
              {rowActions(chart)}
            </Flex>,
          ),
      }}
      bundles={{ resource: 'chart', canImport: writes }}
      bulkDelete={
        writes
          ? {
              'data-test': 'chart-bulk-delete',
              title: 'Delete charts?',
              describe: (count) => `${count === 1 ? '1 chart' : `${count} charts`} will be deleted.`,
              onDelete: onBulkDelete,
            }
          : undefined
      }
    >
      {editing === null ? null : (
        <ChartPropertiesModal
          key={editing.id}
          chart={editing}
          saving={updateState.isLoading}
          onSubmit={(body) => void onEdit(body)}
          onCancel={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete chart?"
        okText="Delete"
        danger
        loading={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <Typography.Paragraph>
          The chart <Typography.Text strong>{toDelete?.slice_name}</Typography.Text> will be deleted and
          removed from its dashboards.
        </Typography.Paragraph>
      </ConfirmDialog>
    </ListPage>
  );
}
