import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import type { BundleResource } from '@tessera/contracts';
import { Button, Flex, Typography, type TableProps } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { useBundleExport } from '../bundles/use-bundle-export';
import { lazyComponent } from '../lazy/lazy-component';
import { BulkDeleteButton } from '../ui/BulkDeleteButton';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ListLoadError } from '../ui/ListLoadError';
import { ListSearch } from '../ui/ListSearch';
import { ListTable } from '../ui/ListTable';
import { ListToolbar } from '../ui/ListToolbar';
import type { ListState, ListStateUpdate } from '../ui/list-query';
import { ListCardGrid, type ListCardsConfig } from './ListCardGrid';
import { ViewToggle, type ListViewMode } from './ViewToggle';

// The import dialog (antd Upload, Form) loads when it is first opened, not with the list.
const ImportBundleModal = lazyComponent(() =>
  import('../bundles/ImportBundleModal').then((module) => module.ImportBundleModal),
);

/** What the list query answered, in the terms of RTK Query's hook result. */
export interface ListResult<Row> {
  rows: Row[];
  /** All rows the query matches, for the pager. */
  total: number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

export interface ListBulkDelete {
  'data-test': string;
  /** The confirmation's title, e.g. 'Delete charts?'. */
  title: string;
  /** The confirmation's text for this many rows. */
  describe: (count: number) => string;
  /** Deletes the rows (toasting the outcome); true clears the selection. */
  onDelete: (ids: number[]) => Promise<boolean>;
}

/** Import of export ZIPs into the list, and export of the selected rows as one ZIP. */
export interface ListBundles {
  resource: BundleResource;
  /** Whether the user may import (can_write on the resource); export needs only the list. */
  canImport: boolean;
}

interface ListPageProps<Row extends { id: number }> {
  'data-test': string;
  title: string;
  /** The page's main action at the toolbar's right ('+ Database'). */
  primaryAction?: ReactNode;
  search?: { 'data-test': string; placeholder: string; width?: number };
  /** Controls on their own row under the toolbar; the search box moves there, first, when given. */
  filters?: { 'data-test': string; controls: ReactNode };
  list: ListState;
  onListChange: ListStateUpdate;
  result: ListResult<Row>;
  errorTitle: string;
  /** Rows (or cards) per page, when the page asks the server for other than LIST_PAGE_SIZE. */
  pageSize?: number;
  table: {
    'data-test': string;
    columns: TableProps<Row>['columns'];
    rowTest?: string;
    size?: 'small' | 'middle';
  };
  empty: { 'data-test': string; description: string };
  /** Offers a card view beside the table. */
  cards?: ListCardsConfig<Row> & { toggleTest: string; togglePrefix: string; initial?: ListViewMode };
  /** Offers row selection and deleting the selected rows after a confirmation. */
  bulkDelete?: ListBulkDelete;
  /** Offers Import and exporting the selected rows (rows export themselves through ExportRowAction). */
  bundles?: ListBundles;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * The frame every list page shares: toolbar (title, search, view toggle, bulk delete, main action),
 * filters, the load error with Retry, then the rows as a server-paged table or as cards, with their
 * empty and loading states.
 */
export function ListPage<Row extends { id: number }>({
  'data-test': dataTest,
  title,
  primaryAction,
  search,
  filters,
  list,
  onListChange,
  result,
  errorTitle,
  pageSize,
  table,
  empty,
  cards,
  bulkDelete,
  bundles,
  children,
}: ListPageProps<Row>) {
  const [view, setView] = useState<ListViewMode>(cards?.initial ?? 'table');
  const [picked, setPicked] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [importing, setImporting] = useState(false);
  const bundleExport = useBundleExport(bundles?.resource ?? 'dashboard');
  // Only rows on screen count as selected: a row deleted or paged away is never deleted unseen.
  const selected = picked.filter((id) => result.rows.some((row) => row.id === id));
  const selection =
    bulkDelete === undefined && bundles === undefined ? undefined : { selected, onChange: setPicked };
  const failed = result.error !== undefined;

  const searchBox =
    search === undefined ? null : (
      <ListSearch
        data-test={search['data-test']}
        placeholder={search.placeholder}
        width={search.width}
        onListChange={onListChange}
      />
    );

  const onConfirmBulkDelete = async () => {
    if (bulkDelete === undefined) return;
    setDeleting(true);
    const done = await bulkDelete.onDelete(selected);
    setDeleting(false);
    setConfirming(false);
    if (done) setPicked([]);
  };

  return (
    <Flex vertical gap={16} data-test={dataTest}>
      <ListToolbar title={title}>
        {filters === undefined ? searchBox : null}
        {cards === undefined ? null : (
          <ViewToggle
            data-test={cards.toggleTest}
            prefix={cards.togglePrefix}
            value={view}
            onChange={setView}
          />
        )}
        {bundles === undefined ? null : (
          <Button
            data-test="list-bulk-export"
            icon={<ExportOutlined />}
            disabled={selected.length === 0}
            loading={bundleExport.exporting}
            onClick={() => void bundleExport.exportIds(selected)}
          >
            {selected.length === 0 ? 'Export selected' : `Export ${selected.length} selected`}
          </Button>
        )}
        {bulkDelete === undefined ? null : (
          <BulkDeleteButton
            data-test={bulkDelete['data-test']}
            count={selected.length}
            onClick={() => setConfirming(true)}
          />
        )}
        {bundles?.canImport === true ? (
          <Button data-test="list-import" icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            Import
          </Button>
        ) : null}
        {primaryAction}
      </ListToolbar>
      {filters === undefined ? null : (
        <Flex gap={8} wrap data-test={filters['data-test']}>
          {searchBox}
          {filters.controls}
        </Flex>
      )}
      <ListLoadError title={errorTitle} error={result.error} onRetry={result.onRetry} />
      {cards !== undefined && view === 'card' ? (
        <ListCardGrid<Row>
          data-test={cards['data-test']}
          cardTest={cards.cardTest}
          card={cards.card}
          rows={result.rows}
          total={result.total}
          loading={result.loading}
          failed={failed}
          list={list}
          onListChange={onListChange}
          empty={empty}
          selection={selection}
          pageSize={pageSize}
        />
      ) : (
        <ListTable<Row>
          data-test={table['data-test']}
          columns={table.columns}
          rowTest={table.rowTest}
          size={table.size}
          rows={result.rows}
          total={result.total}
          loading={result.loading}
          failed={failed}
          list={list}
          onListChange={onListChange}
          selection={selection}
          empty={empty}
          pageSize={pageSize}
        />
      )}
      {children}
      {bundles !== undefined && importing ? (
        <Suspense fallback={null}>
          <ImportBundleModal
            resource={bundles.resource}
            onClose={() => setImporting(false)}
            onImported={result.onRetry}
          />
        </Suspense>
      ) : null}
      {bulkDelete === undefined ? null : (
        <ConfirmDialog
          open={confirming}
          title={bulkDelete.title}
          okText="Delete"
          danger
          loading={deleting}
          onConfirm={() => void onConfirmBulkDelete()}
          onCancel={() => setConfirming(false)}
        >
          <Typography.Paragraph>{bulkDelete.describe(selected.length)}</Typography.Paragraph>
        </ConfirmDialog>
      )}
    </Flex>
  );
}
