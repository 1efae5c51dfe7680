import {
  SESSION_TIMED_OUT_MESSAGE,
  buildSupersetError,
  issueCodesFor,
  supersetErrorSchema,
  type SupersetError,
} from '@tessera/contracts';
import {
  GENERIC_ERROR_MESSAGE,
  INVALID_INPUT_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
  UNEXPECTED_ERROR_PREFIX,
  type ClientErrorObject,
  type FailedRequest,
} from './client-error';
import { isRecord, nonEmptyString } from './is-record';
import { statusText } from './status-text';

/**
 * Turns any failed request into the one shape the UI renders (spec 000 §8, shared error handling).
 * Never throws: whatever the server or the network did, the user gets a sentence.
 */
export function normalizeClientError(input: FailedRequest): ClientErrorObject {
  switch (input.kind) {
    case 'network':
      return { error: NETWORK_ERROR_MESSAGE };
    case 'timeout':
      return timeoutError(input.timeout);
    case 'exception':
      return fromException(input.error);
    case 'response':
      return fromResponse(input.status, input.statusText, input.body, input.text);
  }
}

function timeoutError(timeout: number | undefined): ClientErrorObject {
  const frontendTimeout: SupersetError = {
    error_type: 'FRONTEND_TIMEOUT_ERROR',
    level: 'error',
    message: TIMEOUT_ERROR_MESSAGE,
    // The frontend type has no issue codes of its own; a client timeout most often means one of these two.
    extra: {
      ...(timeout === undefined ? {} : { timeout }),
      issue_codes: issueCodesFor('BACKEND_TIMEOUT_ERROR'),
    },
  };
  return { error: TIMEOUT_ERROR_MESSAGE, errors: [frontendTimeout] };
}

function fromException(error: unknown): ClientErrorObject {
  if (typeof error === 'string') return { error: nonEmptyString(error) ?? GENERIC_ERROR_MESSAGE };
  if (!isRecord(error) && !(error instanceof Error)) return { error: GENERIC_ERROR_MESSAGE };
  const name = typeof error.name === 'string' ? error.name : '';
  const message = nonEmptyString(error.message);
  if (name === 'TimeoutError') return timeoutError(undefined);
  // fetch() rejects with a TypeError ("Failed to fetch", "NetworkError when ...") when no response arrived.
  if (error instanceof TypeError && message !== undefined && /fetch|network/i.test(message)) {
    return { error: NETWORK_ERROR_MESSAGE };
  }
  if (message === undefined) return { error: GENERIC_ERROR_MESSAGE };
  const stacktrace = nonEmptyString(error.stack);
  return stacktrace === undefined ? { error: message } : { error: message, stacktrace };
}

function fromResponse(
  status: number,
  givenStatusText: string | undefined,
  body: unknown,
  text: string | undefined,
) {
  const phrase = nonEmptyString(givenStatusText) ?? statusText(status);
  const base: ClientErrorObject = {
    error: GENERIC_ERROR_MESSAGE,
    status,
    ...(phrase === undefined ? {} : { statusText: phrase }),
  };
  const rawText = text ?? stringify(body);
  if (rawText.includes('CSRF')) {
    return {
      ...base,
      error: SESSION_TIMED_OUT_MESSAGE,
      errors: [buildSupersetError('FRONTEND_CSRF_ERROR', SESSION_TIMED_OUT_MESSAGE)],
    };
  }
  if (isRecord(body)) return { ...base, ...fromJsonObject(body) };
  if (typeof body === 'string')
    return { ...base, error: nonEmptyString(body) ?? phrase ?? GENERIC_ERROR_MESSAGE };
  if (body !== null && body !== undefined) return { ...base, error: INVALID_INPUT_MESSAGE };
  // No JSON at all (an HTML error page from a proxy, an empty body): all we know is the status.
  return { ...base, error: statusText(status) ?? GENERIC_ERROR_MESSAGE };
}

function fromJsonObject(body: Record<string, unknown>): Omit<ClientErrorObject, 'status' | 'statusText'> {
  const stacktrace = nonEmptyString(body.stacktrace) ?? nonEmptyString(body.stack);
  const withStack = stacktrace === undefined ? {} : { stacktrace };

  const first = Array.isArray(body.errors) ? (body.errors[0] as unknown) : undefined;
  const firstMessage = isRecord(first) ? nonEmptyString(first.message) : undefined;
  if (isRecord(first) && firstMessage !== undefined) {
    const errors = parseErrors(body.errors);
    const link = isRecord(first.extra) ? nonEmptyString(first.extra.link) : undefined;
    return {
      error: firstMessage,
      ...(errors.length > 0 ? { errors } : {}),
      ...(link === undefined ? {} : { link }),
      ...withStack,
    };
  }

  const message = nonEmptyString(body.message);
  if (message !== undefined) return { error: message, message, ...withStack };

  const fieldMessage = firstFieldMessage(body.message);
  if (fieldMessage !== undefined) return { error: fieldMessage, ...withStack };

  // The legacy `{error: "..."}` body of plain server exceptions.
  const legacy = nonEmptyString(body.error);
  if (legacy !== undefined) return { error: legacy, ...withStack };

  if (stacktrace !== undefined) return { error: `${UNEXPECTED_ERROR_PREFIX}${stacktrace}`, stacktrace };
  return { error: INVALID_INPUT_MESSAGE };
}

/** Keeps the items that are well-formed SIP-40 errors; an unknown error type must not hide the others. */
function parseErrors(value: unknown): SupersetError[] {
  if (!Array.isArray(value)) return [];
  const parsed: SupersetError[] = [];
  for (const item of value) {
    const result = supersetErrorSchema.safeParse(item);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

/** `{field: [messages]}` -> the first message of the first field that has one. */
function firstFieldMessage(message: unknown): string | undefined {
  if (!isRecord(message)) return undefined;
  for (const value of Object.values(message)) {
    const candidate: unknown = Array.isArray(value)
      ? value.find((item) => nonEmptyString(item) !== undefined)
      : value;
    const text = nonEmptyString(candidate);
    if (text !== undefined) return text;
  }
  return undefined;
}

function stringify(body: unknown): string {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body);
  } catch {
    return '';
  }
}
