#!/usr/bin/env node
// Prints the JavaScript a browser downloads for the login page and for the app shell, from the
// Vite manifest of a finished build (run `npx vite build` first). Sizes are raw and gzip (level 9).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The files of a chunk and of everything it imports statically (what loading it costs). */
function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`not in the manifest: ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

function measure(files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.length, raw, gzip };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ENTRY = 'index.html';
const pages = {
  'login page (/login/)': [ENTRY, 'src/features/login/LoginPage.tsx'],
  'app shell': [ENTRY, 'src/app/shell/AppShell.tsx'],
  'shell + Databases list': [
    ENTRY,
    'src/app/shell/AppShell.tsx',
    'src/features/databases/DatabaseListPage.tsx',
  ],
  'shell + Database browser': [
    ENTRY,
    'src/app/shell/AppShell.tsx',
    'src/features/databases/browser/DatabaseBrowserPage.tsx',
  ],
  'shell + Users list': [ENTRY, 'src/app/shell/AppShell.tsx', 'src/features/users/UserListPage.tsx'],
};

const BUDGET_GZIP = 250 * 1024;
let over = false;
console.log('JavaScript loaded per screen (gzip level 9):');
for (const [name, keys] of Object.entries(pages)) {
  const size = measure(closure(keys));
  const budget = name === 'login page (/login/)' || name === 'app shell' ? BUDGET_GZIP : undefined;
  const flag = budget === undefined ? '' : size.gzip <= budget ? '  (within 250 KB)' : '  (OVER 250 KB)';
  if (budget !== undefined && size.gzip > budget) over = true;
  console.log(
    `  ${name.padEnd(28)} ${String(size.files).padStart(3)} files  ${kb(size.raw).padStart(10)} raw  ${kb(size.gzip).padStart(9)} gzip${flag}`,
  );
}
process.exitCode = over ? 1 : 0;
