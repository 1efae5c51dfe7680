import { bootstrapSchema, type Bootstrap } from '@tessera/contracts';
import { authApi } from '../shared/api/auth-api';
import { errorText } from '../shared/errors/to-api-error';
import { bootstrapFailed, bootstrapLoaded } from '../shared/session/session-slice';
import type { AppDispatch } from './store';

export const BOOTSTRAP_ELEMENT_ID = 'tessera-bootstrap';

/**
 * The payload the server injects into index.html, or null when it is absent (the Vite dev server)
 * or unreadable; then the app fetches it from the API instead.
 */
export function readEmbeddedBootstrap(doc: Document): Bootstrap | null {
  const text = doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (text === undefined || text.trim() === '') return null;
  try {
    const parsed = bootstrapSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Fetches GET /api/v1/bootstrap/ and records the outcome in the session slice. */
export async function loadBootstrap(dispatch: AppDispatch): Promise<void> {
  const request = dispatch(authApi.endpoints.getBootstrap.initiate(undefined, { forceRefetch: true }));
  try {
    const result = await request;
    if (result.data !== undefined) dispatch(bootstrapLoaded(result.data));
    else dispatch(bootstrapFailed(errorText(result.error)));
  } finally {
    request.unsubscribe();
  }
}
