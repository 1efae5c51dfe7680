import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CSRF_TOKEN_PATH } from '@tessera/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { buildBootstrap } from '../bootstrap/bootstrap.service';
import { dashboardPagePreloads } from '../dashboards/dashboard-preloads.service';
import { allowedDomainsOf, embeddingForPage } from '../embedded/embedded.service';
import {
  chartCodePreloads,
  dashboardPageRef,
  fetchPreloadLinks,
  missingPreloadSources,
  modulePreloadLinks,
  parseWebManifest,
  routePreloads,
} from './route-preloads';

const NOT_BUILT_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Tessera</title></head>
<body><h1>Tessera</h1><p>The web app is not built. Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p></body></html>`;

/** Keeps the bootstrap JSON from closing the script element or being read as HTML. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function isApiPath(url: string): boolean {
  return /^\/(api|tabstateview|tableschemaview|kv|superset\/log|superset\/explore_json|health)(\/|$|\?)/.test(
    url,
  );
}

/**
 * Serves the built React app: hashed assets from dist/assets, and index.html with the bootstrap payload
 * for every other browser path (the SPA routes). API paths that match nothing get a JSON 404.
 */
export async function registerWebRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const indexFile = path.join(ctx.config.webDist, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_PAGE;
  const manifestFile = path.join(ctx.config.webDist, '.vite', 'manifest.json');
  const manifest =
    built && existsSync(manifestFile) ? parseWebManifest(readFileSync(manifestFile, 'utf8')) : null;
  const unpreloaded = manifest === null ? [] : missingPreloadSources(manifest);
  if (unpreloaded.length > 0)
    app.log.warn({ sources: unpreloaded }, 'web build: pages without a chunk of their own get no preloads');
  if (built && existsSync(path.join(ctx.config.webDist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(ctx.config.webDist, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      decorateReply: false,
      wildcard: true,
    });
  }

  /**
   * What a signed-in user's page will read first: its code (`code`, after the entry's own), and for a
   * dashboard its first API reads (`reads`). The reads go at the top of the head, ahead of the ~60 JS
   * files: over HTTP/1.1's six connections per host they queued behind the scripts and arrived last,
   * while the page's first chart-data request waits for them.
   */
  const preloadsFor = async (
    request: FastifyRequest,
    pathname: string,
  ): Promise<{ reads: string; code: string }> => {
    const principal = request.principal;
    if (principal === null) return { reads: '', code: '' };
    const pageCode = manifest === null ? [] : routePreloads(manifest, pathname);
    const dashboardRef = dashboardPageRef(pathname);
    if (dashboardRef === null) return { reads: '', code: modulePreloadLinks(pageCode) };
    const { reads, vizTypes } = await dashboardPagePreloads(ctx, principal, dashboardRef);
    // The drawing code of the dashboard's chart types downloads with the page's own code.
    const chartCode = manifest === null ? [] : chartCodePreloads(manifest, vizTypes);
    return {
      // The page's chart-data POSTs need the CSRF token: it is read alongside the dashboard.
      reads: fetchPreloadLinks(reads.length === 0 ? [] : [CSRF_TOKEN_PATH, ...reads]),
      code: modulePreloadLinks([...new Set([...pageCode, ...chartCode])]),
    };
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const bootstrap = `<script id="tessera-bootstrap" type="application/json">${scriptSafeJson(
      buildBootstrap(ctx, request.principal),
    )}</script>`;
    // Anyone not signed in goes to the login page: nothing of the app's pages is preloaded for them.
    const pathname = request.url.split('?')[0] ?? '/';
    const { reads, code } = await preloadsFor(request, pathname);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(indexHtml.replace('<head>', `<head>${reads}`).replace('</head>', `${bootstrap}${code}</head>`));
  };

  /**
   * `/embedded/{uuid}` (issue #15 item 4): the app's page for the embedded SDK's iframe, framed only by
   * the embedding's allowed_domains (CSP frame-ancestors; none listed: any origin, as in Superset).
   * Unknown uuids and a disabled EMBEDDED_SUPERSET answer 404.
   */
  app.get('/embedded/:uuid', async (request, reply) => {
    const uuid = (request.params as { uuid?: unknown }).uuid;
    const embedding =
      typeof uuid === 'string' && uuid.length <= 64 ? await embeddingForPage(ctx, uuid) : null;
    if (embedding === null) return reply.code(404).send({ message: 'Not found' });
    const domains = allowedDomainsOf(embedding);
    const ancestors = domains === null ? "'none'" : domains.length === 0 ? '*' : domains.join(' ');
    const csp = reply.getHeader('content-security-policy');
    const policy = (typeof csp === 'string' ? csp : '')
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('frame-ancestors'));
    reply.header('content-security-policy', [...policy, `frame-ancestors ${ancestors}`].join(';'));
    // X-Frame-Options knows only SAMEORIGIN/DENY; frame-ancestors above is what decides here.
    reply.removeHeader('x-frame-options');
    return sendIndex(request, reply);
  });

  app.setNotFoundHandler((request, reply) => {
    const accept = request.headers.accept ?? '';
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !request.url.startsWith('/assets/') &&
      accept.includes('text/html')
    ) {
      return sendIndex(request, reply);
    }
    return reply.code(404).send({ message: 'Not found' });
  });
  app.get('/', sendIndex);
  for (const file of ['favicon.svg', 'favicon.ico', 'robots.txt']) {
    const full = path.join(ctx.config.webDist, file);
    if (existsSync(full)) {
      const body = readFileSync(full);
      app.get(`/${file}`, (_request, reply) =>
        reply
          .type(
            file.endsWith('.svg') ? 'image/svg+xml' : file.endsWith('.ico') ? 'image/x-icon' : 'text/plain',
          )
          .send(body),
      );
    }
  }
}
