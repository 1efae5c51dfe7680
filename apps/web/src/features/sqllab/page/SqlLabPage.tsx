import { theme } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { useGetSqlLabDatabasesQuery } from '../api/sqllab-api';
import { useDatasetParam } from '../dataset/use-dataset-param';
import { useSqlLabPersistence } from '../persistence/use-sqllab-persistence';
import { ensureTab } from '../run/editor-actions';
import { useClearInactiveQueries, useQueryPolling } from '../run/use-query-polling';
import { useSavedQueryParam } from '../saved/use-saved-query-param';
import { useSharedQuery } from '../sharing/use-shared-query';
import { selectActiveTab, selectActiveTabId } from '../store/selectors';
import { sqlLabState } from '../store/sqllab-store';
import { TabBar } from '../tabs/TabBar';
import { EditorPane } from './EditorPane';
import { TabLoading } from './TabLoading';
import { useFillViewport } from './use-fill-viewport';

/**
 * /sqllab/: tabbed SQL editors over the databases exposed in SQL Lab. The screen opens once the tabs
 * have been loaded from local storage and the server, so nothing opened from the address is lost.
 */
export function SqlLabPage() {
  const hydrated = useSqlLabPersistence();
  return hydrated ? (
    <SqlLabScreen />
  ) : (
    <div data-test="sqllab-page">
      <PageLoading />
    </div>
  );
}

function SqlLabScreen() {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const databases = useGetSqlLabDatabasesQuery(undefined);
  const settled = databases.isSuccess || databases.isError;
  const activeId = useAppSelector(selectActiveTabId);
  const activeKey = useAppSelector((state) => selectActiveTab(state)?.immutableId);
  // A server tab not read yet (only the active one is read on load) is read when first shown.
  const activeLoaded = useAppSelector((state) => selectActiveTab(state)?.loaded ?? true);
  const { offline: pollOffline } = useQueryPolling();
  const syncOffline = useAppSelector((state) => sqlLabState(state).sqlLabSync.offline);
  useClearInactiveQueries();
  const sharedLoading = useSharedQuery();
  const datasetLoading = useDatasetParam();
  useSavedQueryParam();
  const { ref, height } = useFillViewport(token.paddingLG);

  // The first tab waits for the databases, so it gets the right default database.
  useEffect(() => {
    if (settled && activeId === null && !sharedLoading && !datasetLoading) dispatch(ensureTab());
  }, [dispatch, settled, activeId, sharedLoading, datasetLoading]);

  return (
    <div
      ref={ref}
      data-test="sqllab-page"
      style={{ height, display: 'flex', flexDirection: 'column', gap: token.marginXS }}
    >
      {databases.isError ? (
        <ErrorMessage title="The databases could not be loaded" error={databases.error} />
      ) : null}
      <TabBar offline={pollOffline || syncOffline} />
      {activeId === null ? (
        <PageLoading />
      ) : !activeLoaded ? (
        <TabLoading key={activeId} editorId={activeId} />
      ) : (
        // Keyed by the tab's first id: moving to its server id must not remount the editor being typed in.
        <EditorPane key={activeKey ?? activeId} editorId={activeId} />
      )}
    </div>
  );
}
