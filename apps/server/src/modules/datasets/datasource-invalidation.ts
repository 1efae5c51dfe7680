/**
 * Bumped by this process's dataset and database writes; the chart data path's datasource cache
 * (explore-datasource-cache.ts) drops what it read before. A leaf module so the databases module can
 * call it without importing the datasets module.
 */
let generation = 0;

export function invalidateExploreDatasources(): void {
  generation += 1;
}

export function exploreDatasourceGeneration(): number {
  return generation;
}
