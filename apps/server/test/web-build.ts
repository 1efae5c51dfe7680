import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
export const WEB_DIST = path.join(root, 'apps/web/dist');
/** What the web build is made from (the same list as scripts/start.mjs). */
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/core/src',
  'packages/charts/src',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * The built web app, for tests that drive the real pages (the report renderer). Missing or older than
 * its sources, it is refused with the command to run: a stale build would test yesterday's page, and
 * a build started from inside Vitest (its environment) gave pages whose ECharts charts never painted.
 */
export function ensureWebBuild(): string {
  const index = path.join(WEB_DIST, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...WEB_INPUTS.map((input) => newestMtime(path.join(root, input))));
  if (sourcesAt > builtAt) {
    throw new Error('The web app is not built or older than its sources: run `npm run build` first');
  }
  return WEB_DIST;
}
