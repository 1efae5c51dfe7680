import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BUNDLE_RESOURCE_NAMES, BUNDLE_RESOURCES, type BundleResource } from '@tessera/contracts';
import pino from 'pino';
import type { AppContext } from './context';
import { openContext } from './init';
import { bundleResourceOf, exportBundle, importBundleZip } from './modules/bundles/bundles.service';
import { loadPrincipal, type Principal } from './modules/security/principal';
import { findUserByUsername } from './modules/security/users.repo';
import { ConfigError, loadConfig } from './platform/config';
import { ApiError } from './platform/errors';

/**
 * `tessera export` and `tessera import`: the bundle endpoints without a running server, acting as one
 * user (the admin by default) so the same access rules decide what is exported and written.
 */

const isResource = (value: string): value is BundleResource =>
  BUNDLE_RESOURCE_NAMES.some((name) => name === value);

function resourceOf(value: string | undefined, fallback: BundleResource | null): BundleResource {
  if (value === undefined && fallback !== null) return fallback;
  if (value === undefined || !isResource(value))
    throw new ConfigError(`--type must be one of ${BUNDLE_RESOURCE_NAMES.join(', ')}`);
  return value;
}

async function withContext(
  username: string | undefined,
  run: (ctx: AppContext, principal: Principal) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const base = await openContext(config);
  try {
    const name = username ?? config.adminUsername;
    const user = await findUserByUsername(base.store.db, name);
    const principal = user
      ? await loadPrincipal(base.store.db, base.caches.principals, user.id, 'bearer', null)
      : null;
    if (!principal) throw new ConfigError(`No active user ${name}; run \`tessera init\` or pass --user.`);
    await run({ ...base, log: pino({ enabled: false }) }, principal);
  } catch (error) {
    // The API's refusals (404, 422 with every file's problem) read the same on the command line.
    if (error instanceof ApiError) throw new ConfigError(JSON.stringify(error.body, null, 2));
    throw error;
  } finally {
    await base.store.close();
  }
}

export async function exportToFile(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      type: { type: 'string' },
      ids: { type: 'string' },
      out: { type: 'string' },
      user: { type: 'string' },
    },
  });
  const resource = resourceOf(values.type, null);
  const ids = (values.ids ?? '').split(',').map((item) => Number(item.trim()));
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1))
    throw new ConfigError('--ids must list ids, e.g. --ids 1,2');
  await withContext(values.user, async (ctx, principal) => {
    const bundle = await exportBundle(ctx, principal, resource, ids);
    const out = values.out ?? bundle.filename;
    writeFileSync(out, bundle.zip);
    process.stdout.write(`Exported ${ids.length} ${BUNDLE_RESOURCES[resource].label}(s) to ${out}.\n`);
  });
}

export async function importFromFile(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      type: { type: 'string' },
      overwrite: { type: 'boolean' },
      password: { type: 'string', multiple: true },
      user: { type: 'string' },
    },
  });
  const file = positionals[0];
  if (file === undefined || positionals.length > 1)
    throw new ConfigError('import needs one bundle file: tessera import FILE.zip');
  const passwords: Record<string, string> = {};
  for (const item of values.password ?? []) {
    const at = item.indexOf('=');
    if (at < 1) throw new ConfigError('--password takes databases/<name>.yaml=SECRET');
    passwords[item.slice(0, at)] = item.slice(at + 1);
  }
  let zip: Uint8Array;
  try {
    zip = new Uint8Array(readFileSync(file));
  } catch {
    throw new ConfigError(`Cannot read ${file}`);
  }
  // Without --type the bundle's own metadata.yaml says what it holds.
  let inferred: BundleResource | undefined;
  try {
    inferred = values.type === undefined ? bundleResourceOf(zip) : undefined;
  } catch (error) {
    if (error instanceof ApiError) throw new ConfigError(JSON.stringify(error.body));
    throw error;
  }
  const resource = resourceOf(values.type, inferred ?? 'dashboard');
  await withContext(values.user, async (ctx, principal) => {
    await importBundleZip(ctx, principal, resource, { zip, overwrite: values.overwrite ?? false, passwords });
    process.stdout.write(`Imported ${file}.\n`);
  });
}
