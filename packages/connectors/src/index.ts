export * from './types';
export { createConnector } from './create-connector';
export { parseConnectionUri } from './uri/parse-connection-uri';
export { getUriPassword, replaceUriPassword } from './uri/uri-password';
export { engineOfUri, backendOfUri } from './uri/engine-of-uri';
export { engineDisplayName, backendDisplayName } from './uri/engine-names';
