import { Button } from 'antd';
import { StatusPage } from './StatusPage';

/** What a crashed screen shows instead of a blank page. */
export function UnexpectedError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return (
    <StatusPage
      data-test="unexpected-error"
      kind="error"
      title="Unexpected error"
      detail={detail ?? 'Something went wrong while showing this page.'}
      action={
        <Button data-test="reload-page" type="primary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      }
    />
  );
}
