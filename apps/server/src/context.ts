import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config';
import type { ChartDashboards } from './modules/charts/chart-dashboards';
import type { MetadataStore } from './db/kysely';
import type { DatabaseRegistry } from './modules/databases/registry';
import type { ExploreDatasourceCache } from './modules/datasets/explore-datasource-cache';
import type { PrincipalCache } from './modules/security/principal-cache';

/**
 * This process's caches of metadata rows. They live here, not in module-level state, so each context
 * (several per test process) has its own, and a module whose writes change what another module caches
 * invalidates through the context without importing that module.
 */
export interface AppCaches {
  principals: PrincipalCache;
  exploreDatasources: ExploreDatasourceCache;
}

/** Everything a route module needs, built once by the composition root. */
export interface AppContext {
  config: Config;
  store: MetadataStore;
  keys: {
    /** HS256 key of access and refresh tokens. */
    jwt: Uint8Array;
    /** HMAC key of CSRF tokens. */
    csrf: Buffer;
    /** AES key of stored connection passwords. */
    credentials: Buffer;
  };
  databases: DatabaseRegistry;
  caches: AppCaches;
  /** The dashboards module's side of charts' dashboard links (see charts/chart-dashboards.ts). */
  chartDashboards: ChartDashboards;
  log: FastifyBaseLogger;
  version: string;
}
