import { Button, Flex, Result, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { ensureTabLoaded } from '../persistence/hydrate';

/** What the pane shows while a tab's state is read: the spinner, or a retry after a failed read. */
export const TAB_LOAD_FAILED_TITLE = 'This tab could not be loaded';

/**
 * Stands in for the editor of a server tab not read yet (SQL Lab loads only the active tab at first):
 * reads it (`ensureTabLoaded`), which swaps this for the editor; a failed read (toasted) offers a retry.
 */
export function TabLoading({ editorId }: { editorId: string }) {
  const dispatch = useAppDispatch();
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    void dispatch(ensureTabLoaded(editorId)).then((outcome) => {
      if (outcome === 'failed') setFailed(true);
    });
  }, [dispatch, editorId]);

  useEffect(load, [load]);

  if (failed) {
    return (
      <Result
        data-test="sqllab-tab-load-failed"
        status="warning"
        title={TAB_LOAD_FAILED_TITLE}
        extra={
          <Button type="primary" data-test="sqllab-tab-load-retry" onClick={load}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <Flex data-test="sqllab-tab-loading" data-tab-id={editorId} align="center" justify="center" flex={1}>
      <Spin size="large" />
    </Flex>
  );
}
