import type { MetadataDb } from '../../db/kysely';
import { allRuleLinks, type ApplicableRuleRow } from './rls.repo';

/**
 * How long this process trusts its copy of the rules: other processes' writes show within this time
 * (as with the principal cache); this process's rule writes drop the copy at once.
 */
export const RLS_SNAPSHOT_TTL_MS = 2000;

export interface RlsSnapshot {
  rules: ApplicableRuleRow[];
  roles: Map<number, string[]>;
}

interface State {
  snapshot: (RlsSnapshot & { readAt: number }) | null;
  generation: number;
}

/** Per metadata store (several per test process), so each app context has its own copy. */
const states = new WeakMap<MetadataDb, State>();

function stateOf(db: MetadataDb): State {
  let state = states.get(db);
  if (!state) {
    state = { snapshot: null, generation: 0 };
    states.set(db, state);
  }
  return state;
}

/**
 * Every rule, read at most every RLS_SNAPSHOT_TTL_MS: each chart data request consults the rules, and a
 * cached answer should not cost a metadata query. A read that a write overtook is used once, not kept.
 */
export async function rlsSnapshot(db: MetadataDb): Promise<RlsSnapshot> {
  const state = stateOf(db);
  if (state.snapshot && Date.now() - state.snapshot.readAt < RLS_SNAPSHOT_TTL_MS) return state.snapshot;
  const generation = state.generation;
  const readAt = Date.now();
  const loaded = await allRuleLinks(db);
  if (state.generation === generation) state.snapshot = { ...loaded, readAt };
  return loaded;
}

/** Called after this process changes rules (with the store's db, after the transaction). */
export function invalidateRlsSnapshot(db: MetadataDb): void {
  const state = stateOf(db);
  state.generation += 1;
  state.snapshot = null;
}
