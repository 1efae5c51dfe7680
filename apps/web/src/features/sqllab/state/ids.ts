import { CLIENT_QUERY_ID_LENGTH } from '@tessera/contracts';
import { nanoid } from 'nanoid';

/** Id of a query the client starts; the server keeps it as `client_id` (at most 11 characters). */
export function newClientQueryId(): string {
  return nanoid(CLIENT_QUERY_ID_LENGTH);
}

const SERVER_ID = /^\d+$/;

/**
 * Id of a tab or table panel that exists only in this browser until the server gives it one. It is
 * never all digits, so it cannot be mistaken for a server id (`isServerId`).
 */
export function newLocalId(): string {
  for (;;) {
    const id = nanoid(CLIENT_QUERY_ID_LENGTH);
    if (!SERVER_ID.test(id)) return id;
  }
}

/** Server tab and table ids are numbers (kept as text on the client); local ids never are. */
export function isServerId(id: string): boolean {
  return SERVER_ID.test(id);
}
