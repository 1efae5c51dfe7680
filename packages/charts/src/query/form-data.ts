import type { QueryContext, QueryFilter } from '@tessera/contracts';

/*
 * The types a query builder needs, apart from plugin-api.ts (which also types the React side), so the
 * server can build query contexts through `build-query-registry.ts` without React in its import graph.
 */

/** Form data as Explore holds it and as a saved chart stores it in `params` (JSON). */
export type FormData = Record<string, unknown> & {
  viz_type: string;
  /** `{id}__{type}` */
  datasource: string;
};

export interface BuildQueryOptions {
  ownState?: Record<string, unknown>;
  /** Extra filters from dashboards (native and cross filters), appended to every query. */
  extraFilters?: readonly QueryFilter[];
}

/** A plugin's buildQuery: form data → the query context posted to /api/v1/chart/data. */
export type BuildQuery = (formData: FormData, options?: BuildQueryOptions) => QueryContext;
