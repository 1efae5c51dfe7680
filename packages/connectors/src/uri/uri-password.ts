import { joinUri, safeDecode, splitUri } from './uri-parts';

/** The decoded password of a URI, or null when it has none (or is not a URI at all). */
export function getUriPassword(uri: string): string | null {
  const parts = splitUri(uri.trim());
  if (parts?.userinfo == null) return null;
  const colon = parts.userinfo.indexOf(':');
  return colon === -1 ? null : safeDecode(parts.userinfo.slice(colon + 1));
}

/**
 * Returns the URI with its password replaced (percent-encoded) or, for null, removed while the
 * username stays. Text that is not a URI is returned unchanged, so callers can mask blindly.
 */
export function replaceUriPassword(uri: string, password: string | null): string {
  const trimmed = uri.trim();
  const parts = splitUri(trimmed);
  if (!parts) return uri;
  const userinfo = parts.userinfo ?? '';
  const colon = userinfo.indexOf(':');
  const user = colon === -1 ? userinfo : userinfo.slice(0, colon);
  if (password === null) return joinUri({ ...parts, userinfo: user === '' ? null : user });
  return joinUri({ ...parts, userinfo: `${user}:${encodeURIComponent(password)}` });
}
