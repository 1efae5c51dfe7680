import type { SupersetError } from '@tessera/contracts';
import { Alert, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ApiError } from '../api/api-request';
import type { ErrorKind } from './error-kinds';
import { ErrorLink } from './ErrorLink';
import { IssueCodeList } from './IssueCodeList';
import { StackTrace } from './StackTrace';

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The title a kind gives its box when the caller gave none. */
function kindTitle(kind: ErrorKind, error: SupersetError, apiError: ApiError): string {
  switch (kind) {
    case 'database': {
      const engine = stringOf(error.extra?.engine_name);
      return engine === undefined ? 'DB engine Error' : `${engine} Error`;
    }
    case 'timeout':
      return 'Timeout error';
    case 'parameters':
      return 'Parameter error';
    case 'validation':
      return 'Validation error';
    case 'oauth2':
      return 'Authorization needed';
    case 'frontend':
      return apiError.error;
  }
}

/** Extra lines a kind shows: the undefined template parameters, the invalid fields. */
function KindDetails({ kind, error }: { kind: ErrorKind; error: SupersetError }) {
  if (kind === 'parameters') {
    const names = stringsOf(error.extra?.undefined_parameters);
    if (names.length === 0) return null;
    return (
      <Typography.Text data-test="error-undefined-parameters">
        Undefined parameters:{' '}
        {names.map((name) => (
          <Typography.Text code key={name}>
            {name}
          </Typography.Text>
        ))}
      </Typography.Text>
    );
  }
  if (kind === 'validation') {
    const messages = error.extra?.messages;
    if (typeof messages !== 'object' || messages === null) return null;
    return (
      <ul style={{ margin: 0, paddingInlineStart: '1.25em' }} data-test="error-field-messages">
        {Object.entries(messages).map(([field, text]) => (
          <li key={field}>
            <Typography.Text>
              {field}: {Array.isArray(text) ? stringsOf(text).join(' ') : String(text)}
            </Typography.Text>
          </li>
        ))}
      </ul>
    );
  }
  return null;
}

/** An error drawn by the rendering registered for its type (spec 001 §8 'Error types'). */
export function TypedErrorBox({
  kind,
  error,
  apiError,
  title,
  action,
  dataTest,
}: {
  kind: ErrorKind;
  error: SupersetError;
  apiError: ApiError;
  title: string | undefined;
  action: ReactNode;
  dataTest: string;
}) {
  const shownTitle = title ?? kindTitle(kind, error, apiError);
  const sentence = shownTitle === apiError.error ? null : <Typography.Text>{apiError.error}</Typography.Text>;
  const linkLabel = kind === 'oauth2' ? 'Authorize' : 'See more';
  const details = (
    <Flex vertical gap={4}>
      {sentence}
      <KindDetails kind={kind} error={error} />
      <IssueCodeList errors={apiError.errors} />
      <ErrorLink href={apiError.link}>{linkLabel}</ErrorLink>
      <StackTrace stacktrace={apiError.stacktrace} />
    </Flex>
  );
  const empty =
    sentence === null &&
    (apiError.errors?.length ?? 0) === 0 &&
    apiError.link === undefined &&
    apiError.stacktrace === undefined;
  return (
    <Alert
      data-test={dataTest}
      data-error-kind={kind}
      data-error-type={error.error_type}
      type={error.level === 'warning' ? 'warning' : error.level === 'info' ? 'info' : 'error'}
      showIcon
      title={shownTitle}
      action={action}
      description={empty ? undefined : details}
    />
  );
}
