import type { PermissionPair } from './permissions';
import type { UserRow } from './users.repo';

/** What a principal is made of, per user: the same for every request and session of that user. */
export interface PrincipalCore {
  user: UserRow;
  roles: string[];
  pairs: PermissionPair[];
  isAdmin: boolean;
  granted: ReadonlySet<string>;
}

/**
 * Other processes sharing the metadata store write users and roles too: their changes show here
 * within this long. This process's own writes invalidate at once (invalidatePrincipals).
 */
export const PRINCIPAL_TTL_MS = 2000;

interface Entry {
  core: PrincipalCore;
  generation: number;
  expires: number;
}

/**
 * Bumped on every write to users, user_roles, roles or role_permissions in this process. An entry
 * remembers the generation read before its queries ran, so a load racing a write is never kept.
 */
let generation = 0;

/** Per metadata store (tests run several apps in one process, with overlapping user ids). */
const stores = new WeakMap<object, Map<number, Entry>>();

export function invalidatePrincipals(): void {
  generation += 1;
}

export function currentPrincipalGeneration(): number {
  return generation;
}

export function cachedPrincipalCore(store: object, userId: number): PrincipalCore | null {
  const entry = stores.get(store)?.get(userId);
  if (!entry) return null;
  if (entry.generation !== generation || entry.expires <= Date.now()) {
    stores.get(store)?.delete(userId);
    return null;
  }
  return entry.core;
}

export function rememberPrincipalCore(
  store: object,
  userId: number,
  core: PrincipalCore,
  readAtGeneration: number,
): void {
  if (readAtGeneration !== generation) return;
  let entries = stores.get(store);
  if (!entries) {
    entries = new Map();
    stores.set(store, entries);
  }
  entries.set(userId, { core, generation: readAtGeneration, expires: Date.now() + PRINCIPAL_TTL_MS });
}
