import { appConstantsSchema, featureFlagsSchema } from '@tessera/contracts';

/** The bootstrap values SQL Lab depends on (spec 000 §9), each falling back to its contract default. */
export interface SqlLabConf {
  defaultQueryLimit: number;
  maxRow: number;
  displayMaxRow: number;
  /** Seconds; 0 means the results request has no timeout of its own. */
  queryResultTimeout: number;
  webserverTimeout: number;
  defaultDbId: number | null;
  backendPersistence: boolean;
  estimateQueryCost: boolean;
}

const constants = appConstantsSchema.shape;

function read<T>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T } },
  value: unknown,
  fallback: T,
): T {
  const parsed = schema.safeParse(value);
  return parsed.success && parsed.data !== undefined ? parsed.data : fallback;
}

export function sqlLabConf(
  conf: Readonly<Record<string, unknown>> | undefined,
  flags: Readonly<Record<string, boolean>> | undefined,
): SqlLabConf {
  const values = conf ?? {};
  const featureFlags = flags ?? {};
  return {
    defaultQueryLimit: read(constants.DEFAULT_SQLLAB_LIMIT, values.DEFAULT_SQLLAB_LIMIT, 1000),
    maxRow: read(constants.SQL_MAX_ROW, values.SQL_MAX_ROW, 100_000),
    displayMaxRow: read(constants.DISPLAY_MAX_ROW, values.DISPLAY_MAX_ROW, 10_000),
    queryResultTimeout: read(constants.SQLLAB_QUERY_RESULT_TIMEOUT, values.SQLLAB_QUERY_RESULT_TIMEOUT, 0),
    webserverTimeout: read(constants.SUPERSET_WEBSERVER_TIMEOUT, values.SUPERSET_WEBSERVER_TIMEOUT, 60),
    defaultDbId: read(constants.SQLLAB_DEFAULT_DBID, values.SQLLAB_DEFAULT_DBID, null),
    backendPersistence: read(
      featureFlagsSchema.shape.SQLLAB_BACKEND_PERSISTENCE,
      featureFlags.SQLLAB_BACKEND_PERSISTENCE,
      true,
    ),
    estimateQueryCost: read(
      featureFlagsSchema.shape.ESTIMATE_QUERY_COST,
      featureFlags.ESTIMATE_QUERY_COST,
      false,
    ),
  };
}
