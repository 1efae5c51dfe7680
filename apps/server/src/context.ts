import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config';
import type { ChartDashboards } from './modules/charts/chart-dashboards';
import type { MetadataDb, MetadataStore } from './db/kysely';
import type { DatabaseRegistry } from './modules/databases/registry';
import type { ExploreDatasourceCache } from './modules/datasets/explore-datasource-cache';
import type { PrincipalCache } from './modules/security/principal-cache';
import type { SessionMemo } from './modules/security/session-memo';

/**
 * This process's caches of metadata rows. They live here, not in module-level state, so each context
 * (several per test process) has its own, and a module whose writes change what another module caches
 * invalidates through the context without importing that module.
 */
export interface AppCaches {
  principals: PrincipalCache;
  exploreDatasources: ExploreDatasourceCache;
  /** Live session rows, valid only under the store's change stamp (never stale). */
  sessions: SessionMemo;
}

/**
 * The reports module's answer to deleting what a schedule points at: charts, dashboards and databases
 * call it before deleting (with their transaction) and it refuses with 422 while a schedule names one.
 * Handed over by the composition root so those modules never import reports (which imports them).
 */
export interface ReportReferences {
  refuseIfReferenced(
    db: MetadataDb,
    kind: 'chart' | 'dashboard' | 'database',
    ids: readonly number[],
  ): Promise<void>;
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
    /** HS256 key of embedded viewers' guest tokens (its own purpose, so no access token passes as one). */
    guest: Uint8Array;
    /** HS256 key of the `async-token` cookie (global async queries' channel). */
    asyncToken: Uint8Array;
  };
  databases: DatabaseRegistry;
  caches: AppCaches;
  /** The dashboards module's side of charts' dashboard links (see charts/chart-dashboards.ts). */
  chartDashboards: ChartDashboards;
  /** Refuses deleting charts, dashboards and databases that alert/report schedules name. */
  reportReferences: ReportReferences;
  log: FastifyBaseLogger;
  version: string;
}
