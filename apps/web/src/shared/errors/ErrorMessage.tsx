import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { ErrorLink } from './ErrorLink';
import { IssueCodeList } from './IssueCodeList';
import { toApiError } from './to-api-error';

interface ErrorMessageProps {
  /** Any error: an ApiError from the API layer, a serialized exception, or undefined (renders nothing). */
  error: unknown;
  /** Shown above the server's sentence, e.g. "Could not load databases". */
  title?: string;
  action?: ReactNode;
  'data-test'?: string;
}

/** The standard error display: the normalised sentence, its issue codes and its link. */
export function ErrorMessage({
  error,
  title,
  action,
  'data-test': dataTest = 'error-message',
}: ErrorMessageProps) {
  const apiError = toApiError(error);
  if (apiError === null) return null;
  const details = (
    <>
      {title === undefined ? null : <div>{apiError.error}</div>}
      <IssueCodeList errors={apiError.errors} />
      <ErrorLink href={apiError.link} />
    </>
  );
  const hasDetails = title !== undefined || (apiError.errors?.length ?? 0) > 0 || apiError.link !== undefined;
  return (
    <Alert
      data-test={dataTest}
      type="error"
      showIcon
      title={title ?? apiError.error}
      description={hasDetails ? details : undefined}
      action={action}
    />
  );
}
