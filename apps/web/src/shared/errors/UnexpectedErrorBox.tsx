import { Alert, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ApiError } from '../api/api-request';
import { ErrorLink } from './ErrorLink';
import { IssueCodeList } from './IssueCodeList';
import { StackTrace } from './StackTrace';

export const UNEXPECTED_ERROR_TITLE = 'Unexpected error';
export const REQUEST_ACCESS_LABEL = '(Request Access)';

/**
 * The box for an error whose type has no rendering of its own (spec 001 §8): a warning titled
 * 'Unexpected error' (or the caller's title), the sentence, a '(Request Access)' link when the error
 * carries one, and the stack trace.
 */
export function UnexpectedErrorBox({
  error,
  title,
  action,
  dataTest,
}: {
  error: ApiError;
  title: string | undefined;
  action: ReactNode;
  dataTest: string;
}) {
  return (
    <Alert
      data-test={dataTest}
      data-error-kind="unexpected"
      type="warning"
      showIcon
      title={title ?? UNEXPECTED_ERROR_TITLE}
      action={action}
      description={
        <Flex vertical gap={4}>
          <Typography.Text>
            {error.error} <ErrorLink href={error.link}>{REQUEST_ACCESS_LABEL}</ErrorLink>
          </Typography.Text>
          <IssueCodeList errors={error.errors} />
          <StackTrace stacktrace={error.stacktrace} />
        </Flex>
      }
    />
  );
}
