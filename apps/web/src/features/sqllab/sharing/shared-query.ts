/** A query someone shared (permalink, /kv/ link or a past run), ready to open in a new tab. */
export interface SharedQuery {
  /** The tab title; null takes the next 'Untitled Query N'. */
  name: string | null;
  dbId: number;
  sql: string;
  schema: string | null;
  catalog: string | null;
  templateParams: string | null;
  autorun: boolean;
}

export const SHARED_QUERY_LOAD_FAILED = "The query couldn't be loaded";
export const PERMALINK_FAILED = 'The link could not be created';

export type SharedQuerySource =
  { kind: 'permalink'; key: string } | { kind: 'kv'; key: string } | { kind: 'query'; id: number };

const PERMALINK_PATH = /^\/sqllab\/p\/([^/]+)\/?$/;

/**
 * Which shared query the address names: /sqllab/p/<key>/, ?permalink=<key>, ?id=<kv key> or
 * ?queryId=<past query id>. Null when it names none.
 */
export function sharedQuerySource(pathname: string, search: string): SharedQuerySource | null {
  const pathKey = PERMALINK_PATH.exec(pathname)?.[1];
  if (pathKey !== undefined && pathKey !== '') return { kind: 'permalink', key: decodeURIComponent(pathKey) };
  const params = new URLSearchParams(search);
  const permalink = params.get('permalink');
  if (permalink !== null && permalink !== '') return { kind: 'permalink', key: permalink };
  const kv = params.get('id');
  if (kv !== null && kv !== '') return { kind: 'kv', key: kv };
  const queryId = params.get('queryId');
  if (queryId !== null && /^[1-9]\d{0,14}$/.test(queryId)) return { kind: 'query', id: Number(queryId) };
  return null;
}

export function sqlLabQueryPath(queryId: number): string {
  return `/sqllab/?queryId=${queryId}`;
}
