import { existsSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const MEMORY = ':memory:';

/**
 * User SQL must not reach the file system or the network (read_csv('/etc/passwd'), ATTACH, INSTALL …):
 * no deny-list can name every way to do that, so the engine itself refuses, and the setting is locked so a
 * statement cannot switch it back.
 */
const HARDENED_OPTIONS: Record<string, string> = {
  enable_external_access: 'false',
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  lock_configuration: 'true',
};

interface Entry {
  instance: Promise<DuckDBInstance>;
  readOnly: boolean;
  refs: number;
}

/**
 * One DuckDB instance per file for the whole process: two instances on one file would not see
 * each other's writes and could corrupt it. Read-only connectors share a read-write instance when
 * one is already open (their sessions then use read-only transactions).
 */
const registry = new Map<string, Entry>();

export interface InstanceLease {
  instance: DuckDBInstance;
  /** True when the engine itself opened the file in READ_ONLY access mode. */
  readOnlyFile: boolean;
  release: () => void;
}

export class DuckdbFileError extends Error {}

export async function acquireInstance(
  filePath: string,
  readOnly: boolean,
  createFile: boolean,
): Promise<InstanceLease> {
  if (filePath === MEMORY) {
    const instance = await DuckDBInstance.create(MEMORY, HARDENED_OPTIONS);
    return { instance, readOnlyFile: false, release: () => instance.closeSync() };
  }
  let entry = registry.get(filePath);
  if (entry && entry.readOnly && !readOnly) {
    throw new DuckdbFileError(`The DuckDB file "${filePath}" is already open read-only in this process.`);
  }
  if (!entry) {
    if (!createFile && !existsSync(filePath)) {
      throw new DuckdbFileError(`IO Error: the database file "${filePath}" does not exist.`);
    }
    const options: Record<string, string> = readOnly
      ? { ...HARDENED_OPTIONS, access_mode: 'READ_ONLY' }
      : HARDENED_OPTIONS;
    const created: Entry = { instance: DuckDBInstance.create(filePath, options), readOnly, refs: 0 };
    registry.set(filePath, created);
    // A failed open must not stay cached.
    created.instance.catch(() => registry.delete(filePath));
    entry = created;
  }
  entry.refs += 1;
  const current = entry;
  let instance: DuckDBInstance;
  try {
    instance = await current.instance;
  } catch (error) {
    current.refs -= 1;
    throw error;
  }
  let released = false;
  return {
    instance,
    readOnlyFile: current.readOnly,
    release: () => {
      if (released) return;
      released = true;
      current.refs -= 1;
      if (current.refs === 0 && registry.get(filePath) === current) {
        registry.delete(filePath);
        instance.closeSync();
      }
    },
  };
}
