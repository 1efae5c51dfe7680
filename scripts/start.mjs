#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the last build, then serves everything
// from one process. Passing --no-build skips the check (used by the e2e tests, which build once).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/core/src',
  'packages/charts/src',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const args = process.argv.slice(2);
if (!args.includes('--no-build')) {
  const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...webInputs.map((input) => newestMtime(path.join(root, input))));
  if (sourcesAt > builtAt) {
    process.stdout.write('Building the web app...\n');
    const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

process.argv = [process.argv[0] ?? 'node', 'tessera', 'start'];
await import('../apps/server/bin/tessera.mjs');
