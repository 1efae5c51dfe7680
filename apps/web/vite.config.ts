import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import { defineConfig, type ProxyOptions } from 'vite';

const SERVER = 'http://localhost:8088';

// /login/ is both the SPA's login page (GET, HTML) and the login API (POST, JSON): only the API goes to the server.
function serverProxy(): ProxyOptions {
  return {
    target: SERVER,
    bypass: (request: IncomingMessage) =>
      request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')
        ? '/index.html'
        : undefined,
  };
}

/**
 * Modules shared by the login page and the shell should load once; page-only code stays with its page.
 * ECharts has no group on purpose: as one chunk it was ~270 KB gzip on any page with a chart (and entry-aware
 * groups of it came out larger still); left to the chunker, each chart type's chunk shares echarts/core with
 * the canvas renderer and brings only its own series and components.
 */
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|redux|immer|reselect|use-sync-external-store)[\\/]/,
    priority: 30,
  },
  {
    name: 'icons',
    test: /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/,
    priority: 20,
    entriesAware: true,
    entriesAwareMergeThreshold: 40_000,
  },
  {
    name: 'antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|@emotion|stylis|dayjs|classnames|clsx)[\\/]/,
    priority: 10,
    entriesAware: true,
    entriesAwareMergeThreshold: 40_000,
  },
];

/**
 * antd's rc-component packages are plain ES modules without import-time effects, but they do not say so
 * in package.json; declaring it lets the bundler drop the parts a page does not use (antd's form engine
 * is reached from Menu and Input through a context import, and would otherwise come whole).
 */
const pureLibraries = [
  // Our contracts are zod schemas and constants. Without this, importing any one of them brought (and
  // built, at start-up) every schema of the barrel on every page: ~0.2 s of main thread on a dashboard.
  { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
  // The same for @tessera/core (form data, post-processing, time ranges, errors): the login page imported
  // its error helpers and, through the barrel, every post-processing operation and viz migration.
  { test: /packages[\\/]core[\\/]src[\\/]/, sideEffects: false },
  {
    test: /node_modules[\\/](@rc-component[\\/]|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/])/,
    sideEffects: false,
  },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
      treeshake: { moduleSideEffects: pureLibraries },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': SERVER,
      '/health': SERVER,
      '/login': serverProxy(),
      '/logout': serverProxy(),
      // Global async queries' event socket (GLOBAL_ASYNC_QUERIES_TRANSPORT 'ws').
      '/ws': { target: SERVER, ws: true },
    },
  },
  preview: { port: 4173 },
});
