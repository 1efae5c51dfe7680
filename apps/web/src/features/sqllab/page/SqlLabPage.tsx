import { theme } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { useGetSqlLabDatabasesQuery } from '../api/sqllab-api';
import { ensureTab } from '../run/editor-actions';
import { useClearInactiveQueries, useQueryPolling } from '../run/use-query-polling';
import { useSavedQueryParam } from '../saved/use-saved-query-param';
import { useSharedQuery } from '../sharing/use-shared-query';
import { selectActiveTabId } from '../store/selectors';
import { TabBar } from '../tabs/TabBar';
import { EditorPane } from './EditorPane';
import { useFillViewport } from './use-fill-viewport';

/** /sqllab/: tabbed SQL editors over the databases exposed in SQL Lab. */
export function SqlLabPage() {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const databases = useGetSqlLabDatabasesQuery(undefined);
  const settled = databases.isSuccess || databases.isError;
  const activeId = useAppSelector(selectActiveTabId);
  const { offline } = useQueryPolling();
  useClearInactiveQueries();
  const sharedLoading = useSharedQuery();
  useSavedQueryParam();
  const { ref, height } = useFillViewport(token.paddingLG);

  // The first tab waits for the databases, so it gets the right default database.
  useEffect(() => {
    if (settled && activeId === null && !sharedLoading) dispatch(ensureTab());
  }, [dispatch, settled, activeId, sharedLoading]);

  return (
    <div
      ref={ref}
      data-test="sqllab-page"
      style={{ height, display: 'flex', flexDirection: 'column', gap: token.marginXS }}
    >
      {databases.isError ? (
        <ErrorMessage title="The databases could not be loaded" error={databases.error} />
      ) : null}
      <TabBar offline={offline} />
      {activeId === null ? <PageLoading /> : <EditorPane key={activeId} editorId={activeId} />}
    </div>
  );
}
