import { fieldErrorsFromBody, normalizeClientError } from '@tessera/core';
import type { ApiError } from './api-request';
import { getCsrfToken } from './csrf-token';

const DOWNLOAD_TIMEOUT_SECONDS = 300;

export type FileOutcome = { ok: true; blob: Blob; filename: string | null } | { ok: false; error: ApiError };

function filenameOf(disposition: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** A failed answer, normalised, with the server's messages per field when it sent them. */
export async function failedResponse(response: Response): Promise<ApiError> {
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    parsed = null;
  }
  const error: ApiError = normalizeClientError({
    kind: 'response',
    status: response.status,
    statusText: response.statusText,
    body: parsed,
    text,
  });
  const fieldErrors = fieldErrorsFromBody(parsed);
  return fieldErrors ? { ...error, fieldErrors } : error;
}

async function fileOf(request: Promise<Response>): Promise<FileOutcome> {
  try {
    const response = await request;
    if (!response.ok) return { ok: false, error: await failedResponse(response) };
    return {
      ok: true,
      blob: await response.blob(),
      filename: filenameOf(response.headers.get('content-disposition')),
    };
  } catch (caught) {
    return { ok: false, error: normalizeClientError({ kind: 'exception', error: caught }) };
  }
}

/**
 * POSTs JSON and returns the answer as a file (CSV, XLSX). Kept out of RTK Query on purpose: binary
 * bodies do not belong in the serialisable store, and a download is never cached or shared.
 */
export async function postForFile(url: string, body: unknown): Promise<FileOutcome> {
  const token = await getCsrfToken(DOWNLOAD_TIMEOUT_SECONDS);
  if ('error' in token) return { ok: false, error: token.error };
  return fileOf(
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token.token },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    }),
  );
}

/** GETs a file (an export ZIP), for the same reasons outside RTK Query. */
export function getFile(url: string): Promise<FileOutcome> {
  return fileOf(fetch(url, { credentials: 'same-origin' }));
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is only needed until then.
  setTimeout(() => {
    URL.revokeObjectURL(href);
  }, 10_000);
}
