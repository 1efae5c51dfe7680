import type { Database, DatabaseRelatedObjects } from '@tessera/contracts';
import { Alert, Spin, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useDeleteDatabaseMutation, useGetDatabaseRelatedObjectsQuery } from './databases-api';

interface DatabaseDeleteDialogProps {
  database: Database;
  onClose: () => void;
}

interface UsageGroup {
  key: keyof DatabaseRelatedObjects;
  label: string;
  names: string[];
}

function usageGroups(related: DatabaseRelatedObjects): UsageGroup[] {
  const groups: UsageGroup[] = [
    {
      key: 'datasets',
      label: 'Datasets',
      names: related.datasets.result.map((d) => (d.schema ? `${d.schema}.${d.table_name}` : d.table_name)),
    },
    { key: 'charts', label: 'Charts', names: related.charts.result.map((c) => c.slice_name) },
    { key: 'dashboards', label: 'Dashboards', names: related.dashboards.result.map((d) => d.title) },
    {
      key: 'sqllab_tab_states',
      label: 'SQL Lab tabs',
      names: related.sqllab_tab_states.result.map((t) => t.label),
    },
  ];
  return groups.filter((group) => group.names.length > 0);
}

/**
 * Asks before deleting a connection and lists what still uses it. While datasets exist (or what uses
 * it is still loading) Delete is not offered; the server refuses too, and should it refuse anyway its
 * answer is shown here with the list refetched, the dialog staying open so the list explains it.
 */
export function DatabaseDeleteDialog({ database, onClose }: DatabaseDeleteDialogProps) {
  const related = useGetDatabaseRelatedObjectsQuery(database.id);
  const [deleteDatabase, deleteState] = useDeleteDatabaseMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { addSuccessToast } = useToasts();
  const groups = related.data ? usageGroups(related.data) : [];
  const blocked = (related.data?.datasets.count ?? 0) > 0;

  const onConfirm = async () => {
    const result = await deleteDatabase(database.id);
    if ('error' in result) {
      setRefusal(`Could not delete ${database.database_name}: ${errorText(result.error)}`);
      void related.refetch();
      return;
    }
    addSuccessToast(`Deleted: ${database.database_name}`);
    onClose();
  };

  return (
    <ConfirmDialog
      open
      title="Delete database?"
      okText="Delete"
      danger
      loading={deleteState.isLoading}
      okDisabled={blocked || related.isLoading}
      onConfirm={() => void onConfirm()}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        The connection <Typography.Text strong>{database.database_name}</Typography.Text> will be removed.
      </Typography.Paragraph>
      {related.isLoading ? <Spin size="small" data-test="database-usage-loading" /> : null}
      {related.error ? (
        <Alert type="warning" showIcon title={`What uses it is unknown: ${errorText(related.error)}`} />
      ) : null}
      {groups.length > 0 ? (
        <div data-test="database-usage">
          <Typography.Paragraph>It is still used by:</Typography.Paragraph>
          {groups.map((group) => (
            <div key={group.key} data-test={`database-usage-${group.key}`}>
              <Typography.Text strong>
                {group.label} ({group.names.length})
              </Typography.Text>
              <ul>
                {group.names.map((name, index) => (
                  <li key={`${String(index)}-${name}`}>{name}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
      {blocked ? (
        <Alert
          type="info"
          showIcon
          data-test="database-delete-blocked"
          title="A database with datasets cannot be deleted: delete or move its datasets first."
        />
      ) : null}
      {refusal === null ? null : (
        <Alert type="error" showIcon data-test="database-delete-error" title={refusal} />
      )}
    </ConfirmDialog>
  );
}
