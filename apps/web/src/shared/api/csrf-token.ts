import { CSRF_TOKEN_PATH, csrfTokenResponseSchema } from '@tessera/contracts';
import type { ApiError } from './api-request';
import { sendRequest } from './http';

export const CSRF_TOKEN_URL = CSRF_TOKEN_PATH;

type TokenResult = { token: string } | { error: ApiError };

// One token per session, shared by all mutations; concurrent callers wait on the same request.
let pending: Promise<TokenResult> | null = null;

/** Drops the cached token; the next mutation fetches a fresh one (after login, logout, or a CSRF rejection). */
export function forgetCsrfToken(): void {
  pending = null;
}

export function getCsrfToken(timeoutSeconds: number): Promise<TokenResult> {
  if (pending === null) {
    const request = fetchToken(timeoutSeconds);
    pending = request;
    void request.then((result) => {
      // A failed fetch must not be cached: the next mutation tries again.
      if ('error' in result && pending === request) pending = null;
    });
  }
  return pending;
}

async function fetchToken(timeoutSeconds: number): Promise<TokenResult> {
  const outcome = await sendRequest({ url: CSRF_TOKEN_URL }, { timeoutSeconds });
  if (!outcome.ok) return { error: outcome.error };
  const parsed = csrfTokenResponseSchema.safeParse(outcome.data);
  return parsed.success
    ? { token: parsed.data.result }
    : { error: { error: 'Unexpected response from the server' } };
}
