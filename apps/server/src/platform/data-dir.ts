import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Where the file results backend keeps stored query results. */
export const RESULTS_SUBDIR = 'results';

/**
 * Creates the data dir owner-only and tightens what older installs left readable: the dir itself and
 * stored results (the secret key and metadata file are tightened where they are opened).
 */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const results = path.join(dataDir, RESULTS_SUBDIR);
  if (!existsSync(results)) return;
  chmodSync(results, 0o700);
  for (const entry of readdirSync(results, { withFileTypes: true }))
    if (entry.isFile()) chmodSync(path.join(results, entry.name), 0o600);
}
