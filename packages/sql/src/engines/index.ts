import type { Engine } from '@tessera/contracts';
import type { ExplainRow } from './cost';
import { duckdb } from './duckdb';
import type { EngineSpec } from './engine-spec';
import { mysql } from './mysql';
import { postgresql } from './postgresql';
import { sqlite } from './sqlite';

export type { EngineSpec } from './engine-spec';
export type { ExplainRow } from './cost';
export { utcWallClock } from './literals';

/** The registry: one spec per engine, so a missing engine is a type error here. */
export const ENGINE_SPECS: Readonly<Record<Engine, EngineSpec>> = { postgresql, mysql, sqlite, duckdb };

export function engineSpec(engine: Engine): EngineSpec {
  return ENGINE_SPECS[engine];
}

/** One statement's cost object for POST /api/v1/sqllab/estimate/, from the engine's EXPLAIN rows. */
export function formatCost(engine: Engine, rows: ExplainRow[]): ExplainRow {
  return ENGINE_SPECS[engine].costOf(rows);
}
