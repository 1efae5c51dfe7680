import type { SessionKind } from '../../db/schema';

/** A live session row as a request needs it. */
export interface RememberedSession {
  userId: number;
  kind: SessionKind;
  expiresOn: string;
}

/** Sessions remembered at most; past it the oldest go (scripts log in on every run). */
const MAX_SESSIONS = 10_000;

/**
 * Live session rows remembered under the metadata store's change stamp (`MetadataStore.changeStamp`):
 * an entry answers only while the stamp is the one it was read under, so any committed write to the
 * store since — a logout, a password change, a deactivation, by this process or another — sends the
 * next request back to the row, and a revocation still holds at once everywhere. Where the store has no
 * stamp (PostgreSQL) nothing is remembered and every request reads its row, as before.
 */
export class SessionMemo {
  #stamp: string | null = null;
  readonly #entries = new Map<string, RememberedSession>();

  /** The session remembered under `stamp`; entries of an older stamp are dropped on sight. */
  get(sessionId: string, stamp: string): RememberedSession | undefined {
    if (stamp !== this.#stamp) {
      this.#entries.clear();
      this.#stamp = stamp;
      return undefined;
    }
    return this.#entries.get(sessionId);
  }

  /**
   * Keeps a row read after `stamp` was taken, unless the stamp has moved on since (the row may predate
   * a newer write, which the current stamp already reflects).
   */
  remember(sessionId: string, session: RememberedSession, stamp: string): void {
    if (stamp !== this.#stamp) return;
    this.#entries.set(sessionId, session);
    if (this.#entries.size > MAX_SESSIONS) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
