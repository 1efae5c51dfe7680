import type { Engine } from '@tessera/contracts';
import { ConnectorError } from '../types';
import type { Backend } from '../types';
import { SCHEME_BACKENDS, engineOfBackend } from './engine-names';
import { splitUri } from './uri-parts';

/** The backend a URI's scheme names (mariadb stays mariadb); throws CONNECTION_MISSING_PARAMETERS_ERROR. */
export function backendOfUri(uri: string): Backend {
  const parts = splitUri(uri.trim());
  const scheme = parts?.scheme.toLowerCase().split('+', 1)[0] ?? '';
  const backend = SCHEME_BACKENDS[scheme];
  if (backend) return backend;
  throw new ConnectorError(
    'CONNECTION_MISSING_PARAMETERS_ERROR',
    parts ? `The engine "${scheme}" is not supported.` : 'The connection URI is malformed.',
    'Unknown',
    parts ? { engine: scheme } : {},
  );
}

/** The engine adapter a URI needs (mariadb -> mysql). */
export function engineOfUri(uri: string): Engine {
  return engineOfBackend(backendOfUri(uri));
}
