import { lookup } from 'node:dns/promises';
import { realpathSync, statSync } from 'node:fs';
import { hostname, networkInterfaces, userInfo } from 'node:os';
import path from 'node:path';
import { parseConnectionUri, type ConnectionSpec } from '@tessera/connectors';
import { metadataSqliteFile } from '../../db/kysely';
import type { Config } from '../../platform/config';
import { messageError } from '../../platform/errors';
import { EXAMPLES_FILE } from '../examples';

type ProtectedConfig = Pick<Config, 'dataDir' | 'metadataUrl'>;
type GuardConfig = ProtectedConfig & Pick<Config, 'preventUnsafeDbConnections' | 'allowedDataFileDirs'>;

const PG_DEFAULT_PORT = 5432;

const metadataRefusal = () =>
  messageError(422, {
    sqlalchemy_uri: ['This URI points at the metadata database, which cannot be registered.'],
  });

/** Superset's PREVENT_UNSAFE_DB_CONNECTIONS refusal, worded as Superset words it. */
const unsafeRefusal = (dialect: string) =>
  messageError(400, { sqlalchemy_uri: [`${dialect} cannot be used as a data source for security reasons.`] });

const examplesWritableRefusal = () =>
  messageError(422, {
    sqlalchemy_uri: ['The examples database file can only be registered read-only (without DML).'],
  });

/**
 * `..`, symlinks and /proc/self/root resolved: the real path of the longest existing ancestor joined
 * with the rest, so files that do not exist yet (a -wal) compare too.
 */
function canonicalPath(file: string): string {
  const absolute = path.resolve(file);
  const rest: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(realpathSync.native(current), ...rest);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      rest.unshift(path.basename(current));
      current = parent;
    }
  }
}

/** Device and inode: the same file whatever the spelling, hard links included. */
function identityOf(file: string): string | null {
  try {
    const info = statSync(file);
    return `${info.dev}:${info.ino}`;
  } catch {
    return null;
  }
}

interface FileTarget {
  canonical: string;
  identity: string | null;
}

/** Sync on purpose: a few stat calls, and the registry needs the check where it builds connectors. */
function fileTarget(file: string): FileTarget {
  const canonical = canonicalPath(file);
  return { canonical, identity: identityOf(canonical) };
}

function sameFile(a: FileTarget, b: FileTarget): boolean {
  return a.canonical === b.canonical || (a.identity !== null && a.identity === b.identity);
}

/** The files a connection must never open: the metadata store with its journals, the data dir, the key. */
function protectedFiles(config: ProtectedConfig): FileTarget[] {
  const metadataFile = metadataSqliteFile(config.metadataUrl);
  const files = [config.dataDir, path.join(config.dataDir, 'secret_key')];
  if (metadataFile !== null && metadataFile !== ':memory:') {
    const absolute = path.resolve(config.dataDir, metadataFile);
    files.push(...['', '-wal', '-shm', '-journal'].map((suffix) => absolute + suffix));
  }
  return files.map(fileTarget);
}

function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Refuses a SQLite/DuckDB file that is the metadata store (any spelling, its journals), the data dir or
 * the secret key. Also run where connectors are built, so a file swapped for a link after registration
 * is still never opened in this process.
 */
export function assertNotProtectedFile(config: ProtectedConfig, file: string): FileTarget {
  const target = fileTarget(path.resolve(config.dataDir, file));
  for (const guarded of protectedFiles(config)) if (sameFile(target, guarded)) throw metadataRefusal();
  return target;
}

function assertFileAllowed(config: GuardConfig, spec: ConnectionSpec, file: string, allowDml: boolean): void {
  const target = assertNotProtectedFile(config, file);
  const examples = fileTarget(path.join(config.dataDir, EXAMPLES_FILE));
  if (sameFile(target, examples)) {
    // The server rewrites this file; a writable connection to it would fight the generator.
    if (allowDml) throw examplesWritableRefusal();
    return;
  }
  if (!config.preventUnsafeDbConnections) return;
  for (const dir of config.allowedDataFileDirs) if (isInside(canonicalPath(dir), target.canonical)) return;
  throw unsafeRefusal(spec.backend);
}

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

function localAddresses(): Set<string> {
  const addresses = new Set(['0.0.0.0', '::', '::1']);
  for (const list of Object.values(networkInterfaces()))
    for (const entry of list ?? []) addresses.add(entry.address.toLowerCase());
  return addresses;
}

function isLocalAddress(address: string, local: Set<string>): boolean {
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return plain.startsWith('127.') || local.has(plain);
}

/** The addresses a host name stands for; 'local' for this machine (sockets and loopback spellings). */
async function hostKey(host: string | undefined): Promise<Set<string>> {
  const name = (host ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (name === '' || name.startsWith('/') || LOOPBACK_NAMES.has(name) || name.endsWith('.localhost'))
    return new Set(['local']);
  if (name === hostname().toLowerCase()) return new Set(['local']);
  const local = localAddresses();
  let addresses: string[];
  try {
    addresses = (await lookup(name, { all: true })).map((entry) => entry.address);
  } catch {
    addresses = [name];
  }
  return new Set(addresses.map((address) => (isLocalAddress(address, local) ? 'local' : address)));
}

/** What libpq would connect to: the database defaults to the user name, the user to the OS user. */
function pgDatabaseOf(spec: ConnectionSpec): string {
  return spec.database ?? spec.username ?? userInfo().username;
}

async function assertNotPgMetadataStore(config: GuardConfig, spec: ConnectionSpec): Promise<void> {
  if (!/^postgres(ql)?:\/\//.test(config.metadataUrl)) return;
  const meta = parseConnectionUri(config.metadataUrl);
  if ((meta.port ?? PG_DEFAULT_PORT) !== (spec.port ?? PG_DEFAULT_PORT)) return;
  if (pgDatabaseOf(meta) !== pgDatabaseOf(spec)) return;
  const [metaHosts, specHosts] = await Promise.all([hostKey(meta.host), hostKey(spec.host)]);
  for (const key of specHosts) if (metaHosts.has(key)) throw metadataRefusal();
}

/**
 * Refuses a connection that would reach the metadata store (by file identity or by PostgreSQL host, port
 * and database), the data dir's secrets, or a data file outside the allowed directories. Used by create,
 * update and test_connection before anything is opened.
 */
export async function assertConnectionAllowed(
  config: GuardConfig,
  spec: ConnectionSpec,
  options: { allowDml: boolean },
): Promise<void> {
  if (spec.engine === 'sqlite' || spec.engine === 'duckdb') {
    if (spec.filePath !== undefined && spec.filePath !== ':memory:')
      assertFileAllowed(config, spec, spec.filePath, options.allowDml);
    return;
  }
  if (spec.engine === 'postgresql') await assertNotPgMetadataStore(config, spec);
}

/** The registry's check of a stored URI before it builds a connector: file identity only, no DNS. */
export function assertStoredUriOpenable(config: ProtectedConfig, uri: string): void {
  const spec = parseConnectionUri(uri);
  if ((spec.engine === 'sqlite' || spec.engine === 'duckdb') && spec.filePath && spec.filePath !== ':memory:')
    assertNotProtectedFile(config, spec.filePath);
}
