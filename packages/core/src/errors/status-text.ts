import { HTTP_STATUS_TEXTS } from '@tessera/contracts';

/** The phrase shown for an HTTP error status (400..599) whose body carries no message; undefined otherwise. */
export function statusText(status: number): string | undefined {
  if (!Number.isInteger(status) || status < 400 || status > 599) return undefined;
  return HTTP_STATUS_TEXTS[status];
}
