import {
  CaretDownOutlined,
  CaretRightOutlined,
  CloseOutlined,
  CopyOutlined,
  EyeOutlined,
} from '@ant-design/icons';
import type { SqlLabDatabase } from '@tessera/contracts';
import { Button, Flex, Spin, Tooltip, Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { useToasts } from '../../../shared/toasts/use-toasts';
import { useGetTableMetadataQuery } from '../../databases/databases-api';
import { useCopy } from '../results/use-copy';
import { runDataPreview } from '../run/run-editor';
import { removeTablePanel, toggleTablePanel } from '../persistence/table-actions';
import { mergeTable, type Table } from '../state';
import { selectQuery } from '../store/selectors';
import { TableColumns } from './TableColumns';

export const TABLE_METADATA_FAILED_MESSAGE =
  'The table metadata could not be loaded. Please contact your administrator if this problem persists.';

/** Loads a panel's metadata (cached by RTK Query) and keeps it on the panel for completion and persistence. */
function useTableMetadata(table: Table) {
  const dispatch = useAppDispatch();
  const { addDangerToast } = useToasts();
  const result = useGetTableMetadataQuery({
    databaseId: table.dbId,
    schema: table.schema ?? '',
    table: table.name,
  });
  const { currentData: data, isError } = result;
  const { dbId, queryEditorId, catalog, schema, name, initialized } = table;

  useEffect(() => {
    if (data === undefined || initialized) return;
    dispatch(
      mergeTable({
        table: {
          dbId,
          queryEditorId,
          catalog,
          schema,
          name,
          columns: data.columns,
          selectStar: data.selectStar,
          primaryKey: data.primaryKey,
          foreignKeys: data.foreignKeys,
          indexes: data.indexes,
          initialized: true,
        },
      }),
    );
  }, [dispatch, data, initialized, dbId, queryEditorId, catalog, schema, name]);

  useEffect(() => {
    if (isError) addDangerToast(TABLE_METADATA_FAILED_MESSAGE, { noDuplicate: true });
  }, [isError, addDangerToast]);
  return result;
}

/**
 * A table's schema panel: expand or collapse it, copy its SELECT *, preview its rows (unless the
 * database disables data preview) or remove it.
 */
export function TablePanel({ table, database }: { table: Table; database: SqlLabDatabase | undefined }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const copy = useCopy();
  const { isLoading, error } = useTableMetadata(table);
  const canPreview = database !== undefined && !database.disable_data_preview && table.selectStar !== null;

  // A preview restored with its panel whose query this browser no longer holds (another browser, or
  // pruned) runs again, once, so the preview tab shows rows rather than an empty result.
  const previewQuery = useAppSelector((state) => selectQuery(state, table.dataPreviewQueryId));
  const previewRerun = useRef(false);
  useEffect(() => {
    if (previewRerun.current || !canPreview || table.dataPreviewQueryId === null || previewQuery !== null)
      return;
    previewRerun.current = true;
    void dispatch(runDataPreview(table));
  }, [dispatch, canPreview, table, previewQuery]);

  const toggle = () => void dispatch(toggleTablePanel(table));
  const remove = () => void dispatch(removeTablePanel(table));

  return (
    <Flex
      vertical
      gap={token.marginXXS}
      data-test="sqllab-table-panel"
      data-table={table.name}
      data-expanded={table.expanded ? 'true' : 'false'}
      style={{
        paddingBlock: token.paddingXXS,
        borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={4}>
        <Button
          type="text"
          size="small"
          data-test="sqllab-table-toggle"
          aria-label={table.expanded ? `Collapse ${table.name}` : `Expand ${table.name}`}
          icon={table.expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
          onClick={toggle}
        />
        <Typography.Text
          strong
          ellipsis
          style={{ flex: 1, cursor: 'pointer' }}
          onClick={toggle}
          title={table.name}
        >
          {table.name}
        </Typography.Text>
        {isLoading ? <Spin size="small" /> : null}
        {canPreview ? (
          <Tooltip title="Preview the data">
            <Button
              type="text"
              size="small"
              icon={<EyeOutlined />}
              data-test="sqllab-table-preview"
              aria-label={`Preview ${table.name}`}
              onClick={() => void dispatch(runDataPreview(table))}
            />
          </Tooltip>
        ) : null}
        <Tooltip title="Copy SELECT statement to the clipboard">
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            data-test="sqllab-table-copy-select"
            aria-label={`Copy SELECT * of ${table.name}`}
            disabled={table.selectStar === null}
            onClick={() => void copy(table.selectStar ?? '')}
          />
        </Tooltip>
        <Tooltip title="Remove the table from the list">
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            data-test="sqllab-table-remove"
            aria-label={`Remove ${table.name}`}
            onClick={remove}
          />
        </Tooltip>
      </Flex>
      {error === undefined ? null : <ErrorMessage error={error} data-test="sqllab-table-error" />}
      {table.expanded ? <TableColumns table={table} /> : null}
    </Flex>
  );
}
