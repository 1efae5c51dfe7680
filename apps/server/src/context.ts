import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config';
import type { MetadataStore } from './db/kysely';
import type { DatabaseRegistry } from './modules/databases/registry';

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
  log: FastifyBaseLogger;
  version: string;
}
