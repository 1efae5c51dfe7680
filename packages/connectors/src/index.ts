export * from './types';
export { createConnector, DEFAULT_POOL_SIZE } from './create-connector';
export {
  SqliteWorkerPool,
  SqliteWorkerPoolClosed,
  DEFAULT_SQLITE_MAX_WORKERS,
} from './sqlite/sqlite-worker-pool';
export { parseConnectionUri } from './uri/parse-connection-uri';
export { getUriPassword, replaceUriPassword } from './uri/uri-password';
export { engineOfUri, backendOfUri } from './uri/engine-of-uri';
export { engineDisplayName, backendDisplayName } from './uri/engine-names';
export { buildConnectionUri, portOf, type BuiltUri, type ParameterProblem } from './uri/build-connection-uri';
export { parametersOfSpec } from './uri/parameters-of-uri';
