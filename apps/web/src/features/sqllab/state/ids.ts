import { CLIENT_QUERY_ID_LENGTH } from '@tessera/contracts';
import { nanoid } from 'nanoid';

/** Id of a query the client starts; the server keeps it as `client_id` (at most 11 characters). */
export function newClientQueryId(): string {
  return nanoid(CLIENT_QUERY_ID_LENGTH);
}

/** Id of a tab or table panel that exists only in this browser until the server gives it one. */
export function newLocalId(): string {
  return nanoid(CLIENT_QUERY_ID_LENGTH);
}
