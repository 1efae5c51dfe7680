import { Button, Flex } from 'antd';
import { StatusPage } from './StatusPage';

/** What a screen whose code could not be downloaded shows: try the download again, or reload. */
export function ChunkLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StatusPage
      data-test="chunk-load-failed"
      kind="warning"
      title="This screen could not be loaded"
      detail="Its code could not be downloaded from the server. Check the connection, then try again."
      action={
        <Flex gap="small" justify="center">
          <Button data-test="chunk-retry" type="primary" onClick={onRetry}>
            Try again
          </Button>
          <Button data-test="reload-page" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Flex>
      }
    />
  );
}
