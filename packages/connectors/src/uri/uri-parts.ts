/**
 * Splits a `scheme://userinfo@host:port/path?query` string without interpreting it, so the password
 * helpers can work on URIs that would not pass full validation (e.g. a stored URI with a mask).
 */
export interface UriParts {
  scheme: string;
  /** Text between `//` and the last `@` of the authority, or null when there is no `@`. */
  userinfo: string | null;
  /** host[:port] text, possibly empty (sqlite, duckdb). */
  hostport: string;
  /** Everything after the authority: `/path?query#fragment`, possibly empty. */
  rest: string;
}

const SCHEME_RE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

export function splitUri(uri: string): UriParts | null {
  const match = SCHEME_RE.exec(uri);
  if (!match?.[1]) return null;
  const afterScheme = uri.slice(match[0].length);
  const at = userinfoEnd(afterScheme);
  const userinfo = at === -1 ? null : afterScheme.slice(0, at);
  const afterUser = at === -1 ? afterScheme : afterScheme.slice(at + 1);
  const end = afterUser.search(/[/?#]/);
  const hostport = end === -1 ? afterUser : afterUser.slice(0, end);
  const rest = end === -1 ? '' : afterUser.slice(end);
  return { scheme: match[1], userinfo, hostport, rest };
}

/**
 * Index of the '@' that ends the userinfo, or -1. As in SQLAlchemy, the username holds no ':' or '/'
 * and the password no '@' (a literal '@' must be written %40); a password may hold '/' or '?'.
 */
function userinfoEnd(text: string): number {
  const at = text.indexOf('@');
  if (at === -1) return -1;
  const colon = text.indexOf(':');
  const userEnd = colon !== -1 && colon < at ? colon : at;
  return text.slice(0, userEnd).includes('/') ? -1 : at;
}

export function joinUri(parts: UriParts): string {
  const user = parts.userinfo === null ? '' : `${parts.userinfo}@`;
  return `${parts.scheme}://${user}${parts.hostport}${parts.rest}`;
}

/** decodeURIComponent that leaves malformed escapes as they are instead of throwing. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
