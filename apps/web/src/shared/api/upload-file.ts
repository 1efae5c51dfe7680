import { normalizeClientError } from '@tessera/core';
import type { ApiError } from './api-request';
import { getCsrfToken } from './csrf-token';
import { failedResponse } from './download-file';

const UPLOAD_TIMEOUT_SECONDS = 300;

export type UploadOutcome = { ok: true } | { ok: false; error: ApiError };

/**
 * POSTs a multipart form (a file and its fields). Kept out of RTK Query like downloads: a File is not
 * serialisable state. The answer's body is read only for its errors.
 */
export async function postForm(url: string, form: FormData): Promise<UploadOutcome> {
  const token = await getCsrfToken(UPLOAD_TIMEOUT_SECONDS);
  if ('error' in token) return { ok: false, error: token.error };
  try {
    // No Content-Type: the browser writes the multipart boundary itself.
    const response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'X-CSRFToken': token.token },
      body: form,
      credentials: 'same-origin',
    });
    if (!response.ok) return { ok: false, error: await failedResponse(response) };
    return { ok: true };
  } catch (caught) {
    return { ok: false, error: normalizeClientError({ kind: 'exception', error: caught }) };
  }
}
