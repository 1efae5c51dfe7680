import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy: scripts only from this origin (no inline script, no eval), styles from this
 * origin and inline (antd writes its styles at run time), images and fonts from here or data/blob URLs,
 * requests only to this origin, and framing only by this origin — the embedded dashboard page widens
 * frame-ancestors to its embedding's allowed domains (web.routes.ts reads this header back and replaces it).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
].join(';');

/**
 * The headers every response carries (the set helmet's defaults give). Strict-Transport-Security is not
 * here: hsts.ts sets it only over HTTPS.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // A page opened from another origin gets no handle on this one's window, and its resources stay ours.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  // Links to other sites do not carry URLs (dashboard ids, permalink keys) in the Referer.
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  // The old XSS auditors did more harm than good; '0' turns them off where they still exist.
  'x-xss-protection': '0',
};

/**
 * Sets the headers on every response. They are the same for every request, so they are written once here
 * rather than built per request: the Fastify helmet plugin rebuilt its middleware (and parsed the policy)
 * for each request, about 4 % of the server's time under a burst.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    done();
  });
}
