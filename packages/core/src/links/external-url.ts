// A scheme is letters then ':'; "localhost:8080/x" is a host with a port, not a scheme, hence the digit check.
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
// user@ is allowed before the host; the host is a dotted name ending in a letter TLD, an IPv4 address or localhost.
const HOST_PART =
  /^([^/?#@\s]+@)?(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}|\d{1,3}(\.\d{1,3}){3})(:\d+)?([/?#]|$)/i;
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

function hasScheme(url: string): boolean {
  return SCHEME.test(url);
}

function hasHostPart(url: string): boolean {
  return HOST_PART.test(url);
}

/**
 * True when a link leaves the app: it has a scheme, starts with '//', or starts with a host
 * ("example.com/path"). Paths such as "/sqllab/" and "./x" are internal.
 */
export function isExternalUrl(url: string): boolean {
  const trimmed = url.trim();
  return hasScheme(trimmed) || trimmed.startsWith('//') || hasHostPart(trimmed);
}

/** The href to render: a host without a scheme gets '//' so the browser does not read it as a relative path. */
export function toExternalHref(url: string): string {
  const trimmed = url.trim();
  if (hasScheme(trimmed) || trimmed.startsWith('//')) return trimmed;
  return hasHostPart(trimmed) ? `//${trimmed}` : trimmed;
}

/**
 * Whether an href may be rendered at all: links arrive in server data (error links), so schemes that
 * run code (javascript:, data:, vbscript:) are refused; relative paths and http(s)/mailto are fine.
 */
export function isSafeHref(url: string): boolean {
  const trimmed = url.trim();
  // Browsers drop tabs and newlines inside a scheme ("java\tscript:"), so judge the cleaned text.
  const cleaned = trimmed.replace(/[\t\n\r]/g, '');
  if (!hasScheme(cleaned)) return true;
  const scheme = cleaned.slice(0, cleaned.indexOf(':') + 1).toLowerCase();
  return SAFE_SCHEMES.has(scheme);
}
