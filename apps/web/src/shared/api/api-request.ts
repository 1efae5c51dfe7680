import type { ClientErrorObject } from '@tessera/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What an endpoint hands to the base query. `url` is a path on the Tessera server. */
export interface ApiRequest {
  url: string;
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Sent form-encoded instead, each value JSON-encoded (what the tab persistence views take, reference
   * §2.6); undefined values are left out.
   */
  form?: Readonly<Record<string, unknown>>;
  /** Query-string parameters; undefined ones are left out. */
  params?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Lets the request outlive the page (fetch keepalive): for what must reach the server on page hide. */
  keepalive?: boolean;
  /** This request's own timeout in seconds, in place of the server's SUPERSET_WEBSERVER_TIMEOUT. */
  timeoutSeconds?: number;
  /**
   * The body is read as it arrives, and the first complete elements of its leading array member are
   * handed to the `onLeadingRows` listener registered under this key (leading-rows.ts) before the
   * whole body is in: a long result shows its first page early. A string, so the request stays plain data.
   */
  leadingRowsKey?: string;
}

/** Every failed call ends as this: the normalised error plus, for validation failures, messages per field. */
export type ApiError = ClientErrorObject & { fieldErrors?: Record<string, string[]> };

export function buildUrl(request: ApiRequest): string {
  const query = Object.entries(request.params ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query === '' ? request.url : `${request.url}?${query}`;
}

/** A form body whose values are JSON-encoded; undefined values are dropped. */
export function encodeForm(fields: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) params.append(key, JSON.stringify(value));
  }
  return params.toString();
}
