import { Button } from 'antd';
import { ErrorMessage } from '../errors/ErrorMessage';

interface ListLoadErrorProps {
  title: string;
  /** The list query's error; nothing shows while it is undefined. */
  error: unknown;
  onRetry: () => void;
}

/** A list page's load failure, with a Retry button that fetches the page again. */
export function ListLoadError({ title, error, onRetry }: ListLoadErrorProps) {
  if (error === undefined) return null;
  return (
    <ErrorMessage
      title={title}
      error={error}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
