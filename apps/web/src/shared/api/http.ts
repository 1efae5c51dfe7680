import { fieldErrorsFromBody, normalizeClientError } from '@tessera/core';
import { buildUrl, encodeForm, type ApiError, type ApiRequest } from './api-request';
import { guestHeader } from './guest-token';
import { readWithLeadingRows } from './leading-rows';

export type HttpOutcome =
  | { ok: true; status: number; data: unknown }
  | { ok: false; status: number | null; text: string; error: ApiError };

export interface SendOptions {
  /** Aborts the request when the caller loses interest (RTK Query's signal). */
  signal?: AbortSignal;
  timeoutSeconds: number;
  csrfToken?: string;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (an HTML error page from a proxy, say): normalisation maps it to the status phrase.
    return null;
  }
}

/** One HTTP exchange with the Tessera server; never throws, every failure comes back normalised. */
export async function sendRequest(request: ApiRequest, options: SendOptions): Promise<HttpOutcome> {
  const controller = new AbortController();
  // An object, not a boolean: the flag is set inside a callback, which control-flow narrowing cannot see.
  const timeout = { fired: false };
  const timer = setTimeout(() => {
    timeout.fired = true;
    controller.abort();
  }, options.timeoutSeconds * 1000);
  const forwardAbort = () => {
    controller.abort();
  };
  options.signal?.addEventListener('abort', forwardAbort);

  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: string | undefined;
  if (request.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    payload = encodeForm(request.form);
  } else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(request.body);
  }
  if (options.csrfToken !== undefined) headers['X-CSRFToken'] = options.csrfToken;
  const guest = guestHeader();
  if (guest !== null) headers[guest.name] = guest.value;

  try {
    const response = await fetch(buildUrl(request), {
      method: request.method ?? 'GET',
      headers,
      body: payload,
      credentials: 'same-origin',
      keepalive: request.keepalive === true,
      signal: controller.signal,
    });
    const text =
      request.leadingRowsKey !== undefined && response.status === 200 && response.body !== null
        ? await readWithLeadingRows(response.body, request.leadingRowsKey, 'data')
        : await response.text();
    const body = parseJson(text);
    if (response.ok) return { ok: true, status: response.status, data: body };
    const error: ApiError = normalizeClientError({
      kind: 'response',
      status: response.status,
      statusText: response.statusText,
      body,
      text,
    });
    const fieldErrors = fieldErrorsFromBody(body);
    return {
      ok: false,
      status: response.status,
      text,
      error: fieldErrors ? { ...error, fieldErrors } : error,
    };
  } catch (caught) {
    const error = timeout.fired
      ? normalizeClientError({ kind: 'timeout', timeout: options.timeoutSeconds })
      : normalizeClientError({ kind: 'exception', error: caught });
    return { ok: false, status: null, text: '', error };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}
