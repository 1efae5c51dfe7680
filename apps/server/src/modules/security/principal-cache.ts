import { GenerationCache } from '../../platform/generation-cache';
import type { PermissionPair } from './permissions';
import type { UserRow } from './user-row';

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
 * within this long. This process's own writes invalidate at once (`invalidate()` after every write to
 * users, user_roles, roles, role_permissions or permission_views).
 */
export const PRINCIPAL_TTL_MS = 2000;

interface Entry {
  core: PrincipalCore;
  expires: number;
}

/** The app context's principal cache, by user id. */
export class PrincipalCache {
  readonly #entries = new GenerationCache<number, Entry>();

  invalidate(): void {
    this.#entries.invalidate();
  }

  get generation(): number {
    return this.#entries.generation;
  }

  get(userId: number): PrincipalCore | null {
    const entry = this.#entries.get(userId);
    if (!entry) return null;
    if (entry.expires <= Date.now()) {
      this.#entries.delete(userId);
      return null;
    }
    return entry.core;
  }

  remember(userId: number, core: PrincipalCore, readAt: number): void {
    this.#entries.set(userId, { core, expires: Date.now() + PRINCIPAL_TTL_MS }, readAt);
  }
}
