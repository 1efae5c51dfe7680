import { z } from 'zod';

/**
 * The engines a connection form can build a URI for (`engine` of Superset's dynamic form). MariaDB is
 * its own choice because its URI scheme (`mariadb://`) selects the MariaDB dialect of the MySQL adapter.
 */
export const CONNECTION_BACKENDS = ['postgresql', 'mysql', 'mariadb', 'sqlite', 'duckdb'] as const;
export type ConnectionBackend = (typeof CONNECTION_BACKENDS)[number];

/** Engines reached over the network (host, port, database, user); the others open a file. */
export const NETWORK_BACKENDS = ['postgresql', 'mysql', 'mariadb'] as const;
export type NetworkBackend = (typeof NETWORK_BACKENDS)[number];

export const DEFAULT_PORTS: Readonly<Record<NetworkBackend, number>> = {
  postgresql: 5432,
  mysql: 3306,
  mariadb: 3306,
};

export function isNetworkBackend(backend: ConnectionBackend): backend is NetworkBackend {
  return (NETWORK_BACKENDS as readonly string[]).includes(backend);
}

export function isConnectionBackend(name: string): name is ConnectionBackend {
  return (CONNECTION_BACKENDS as readonly string[]).includes(name);
}

/**
 * The URI query parameters each engine passes on to its driver; the connectors check the values
 * (packages/connectors/src/uri/query-params.ts), the form lists the names.
 */
export const CONNECTION_QUERY_PARAMETERS: Readonly<Record<ConnectionBackend, readonly string[]>> = {
  postgresql: ['sslmode', 'application_name', 'connect_timeout', 'options'],
  mysql: ['ssl_mode', 'ssl', 'charset'],
  mariadb: ['ssl_mode', 'ssl', 'charset'],
  sqlite: ['mode'],
  duckdb: [],
};

/** Fields of the parameters object, as named in Superset's dynamic form (plus file_path for file engines). */
export const DATABASE_PARAMETER_FIELDS = [
  'host',
  'port',
  'database',
  'username',
  'password',
  'query',
  'encryption',
  'file_path',
] as const;
export type DatabaseParameterField = (typeof DATABASE_PARAMETER_FIELDS)[number];

/**
 * Superset's `parameters`. Not strict: engines of Superset send keys that have no meaning here
 * (`catalog`, `service_account_info`, ...), which are dropped. The port may come as text from forms;
 * the server checks it (CONNECTION_INVALID_PORT_ERROR).
 */
export const databaseParametersSchema = z.object({
  host: z.string().trim().max(253).nullish(),
  port: z.union([z.number(), z.string().trim().max(16)]).nullish(),
  database: z.string().max(250).nullish(),
  username: z.string().max(250).nullish(),
  password: z.string().max(1024).nullish(),
  query: z.record(z.string().max(64), z.string().max(1024)).nullish(),
  encryption: z.boolean().nullish(),
  file_path: z.string().trim().max(1024).nullish(),
});
export type DatabaseParameters = z.infer<typeof databaseParametersSchema>;

export const CONFIGURATION_METHODS = ['sqlalchemy_form', 'dynamic_form'] as const;
export type ConfigurationMethod = (typeof CONFIGURATION_METHODS)[number];

/**
 * What Superset's database modal sends beside the URI. `parameters` + `engine` build the URI on the
 * server; `driver` and `masked_encrypted_extra` have no meaning here and are ignored; a server
 * certificate or user impersonation cannot be honoured and is refused (422) rather than dropped.
 */
export const supersetConnectionShape = {
  configuration_method: z.enum(CONFIGURATION_METHODS).optional(),
  engine: z.string().trim().max(64).nullish(),
  driver: z.string().max(64).nullish(),
  parameters: databaseParametersSchema.nullish(),
  masked_encrypted_extra: z.string().max(65_536).nullish(),
  server_cert: z.string().max(65_536).nullish(),
  impersonate_user: z.boolean().nullish(),
};

/** POST /api/v1/database/validate_parameters/ (Superset's shape; other keys of the modal are dropped). */
export const validateParametersSchema = z.object({
  ...supersetConnectionShape,
  engine: z.string().trim().min(1).max(64),
  parameters: databaseParametersSchema,
  database_name: z.string().max(250).nullish(),
  catalog: z.unknown().optional(),
  id: z.number().int().positive().nullish(),
});
export type ValidateParameters = z.infer<typeof validateParametersSchema>;
