import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { z } from 'zod';
import { sessionExpired } from '../session/session-actions';
import type { ApiError, ApiRequest } from './api-request';
import { forgetCsrfToken, getCsrfToken } from './csrf-token';
import { guestHeader } from './guest-token';
import { sendRequest, type HttpOutcome } from './http';

/** Paths whose POST needs no CSRF token, and where a 401 is an answer rather than a lost session. */
const LOGIN_PATH = '/login/';
const DEFAULT_TIMEOUT_SECONDS = 60;

const timeoutInState = z.object({
  session: z.object({
    common: z.object({ conf: z.object({ SUPERSET_WEBSERVER_TIMEOUT: z.number().positive() }) }),
  }),
});

/** The server's request timeout from the bootstrap conf (seconds), read without trusting the state's shape. */
function timeoutSeconds(state: unknown): number {
  const parsed = timeoutInState.safeParse(state);
  return parsed.success
    ? parsed.data.session.common.conf.SUPERSET_WEBSERVER_TIMEOUT
    : DEFAULT_TIMEOUT_SECONDS;
}

/**
 * Asks for the session's CSRF token now, with the server's timeout from `state`, so that a page whose
 * first requests are mutations (a dashboard's chart-data POSTs) does not wait one more round trip for it.
 */
export function prefetchCsrfToken(state: unknown): void {
  void getCsrfToken(timeoutSeconds(state));
}

function isCsrfRejection(outcome: HttpOutcome): boolean {
  return !outcome.ok && (outcome.status === 400 || outcome.status === 403) && outcome.text.includes('CSRF');
}

async function attempt(request: ApiRequest, signal: AbortSignal, timeout: number, needsCsrf: boolean) {
  if (!needsCsrf) return sendRequest(request, { signal, timeoutSeconds: timeout });
  const token = await getCsrfToken(timeout);
  if ('error' in token) return { ok: false as const, status: null, text: '', error: token.error };
  return sendRequest(request, { signal, timeoutSeconds: timeout, csrfToken: token.token });
}

/**
 * The one way the web app talks to the server: JSON in and out, the CSRF token on every mutation
 * (refetched once when the server rejects it), the server's timeout, and errors normalised by
 * @tessera/core. A 401 outside the login form ends the session so the shell sends the user to /login/.
 */
export const baseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (request, api) => {
  const timeout = request.timeoutSeconds ?? timeoutSeconds(api.getState());
  const method = request.method ?? 'GET';
  // An embedded viewer has no session: its guest token header stands in for the cookie and CSRF token.
  const guest = guestHeader() !== null;
  const needsCsrf = method !== 'GET' && request.url !== LOGIN_PATH && !guest;

  let outcome = await attempt(request, api.signal, timeout, needsCsrf);
  if (needsCsrf && isCsrfRejection(outcome)) {
    forgetCsrfToken();
    outcome = await attempt(request, api.signal, timeout, needsCsrf);
  }
  if (outcome.ok) return { data: outcome.data };
  if (outcome.status === 401 && request.url !== LOGIN_PATH && !guest) api.dispatch(sessionExpired());
  return { error: outcome.error };
};
