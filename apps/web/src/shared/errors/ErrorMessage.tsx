import type { ReactNode } from 'react';
import { registeredError } from './error-kinds';
import { toApiError } from './to-api-error';
import { TypedErrorBox } from './TypedErrorBox';
import { UnexpectedErrorBox } from './UnexpectedErrorBox';

interface ErrorMessageProps {
  /** Any error: an ApiError from the API layer, a serialized exception, or undefined (renders nothing). */
  error: unknown;
  /** Shown above the server's sentence, e.g. "Could not load databases". */
  title?: string;
  action?: ReactNode;
  'data-test'?: string;
}

/**
 * The one error display of Explore, dashboards, SQL Lab and the lists (spec 001 §8 'Error types'): the
 * rendering registered for the error's type, otherwise the 'Unexpected error' warning box with the
 * sentence, the '(Request Access)' link and the stack trace.
 */
export function ErrorMessage({
  error,
  title,
  action,
  'data-test': dataTest = 'error-message',
}: ErrorMessageProps) {
  const apiError = toApiError(error);
  if (apiError === null) return null;
  const registered = registeredError(apiError.errors);
  if (registered === null)
    return <UnexpectedErrorBox error={apiError} title={title} action={action} dataTest={dataTest} />;
  return (
    <TypedErrorBox
      kind={registered.kind}
      error={registered.error}
      apiError={apiError}
      title={title}
      action={action}
      dataTest={dataTest}
    />
  );
}
