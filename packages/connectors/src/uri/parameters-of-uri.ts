import { DEFAULT_PORTS, isNetworkBackend, type DatabaseParameters } from '@tessera/contracts';
import type { ConnectionSpec } from '../types';

/** Query values that mean "use TLS", shown as the form's encryption switch instead of a parameter. */
const ENCRYPTION_VALUES: Readonly<Record<string, readonly string[]>> = {
  sslmode: ['require'],
  ssl_mode: ['required'],
};

/**
 * A parsed URI as Superset's dynamic-form parameters, so an existing connection opens in the form.
 * The password is whatever the URI held (callers pass a masked URI); buildConnectionUri of the result
 * gives an equivalent URI.
 */
export function parametersOfSpec(spec: ConnectionSpec): DatabaseParameters {
  const query: Record<string, string> = {};
  let encryption = false;
  for (const [name, value] of Object.entries(spec.query)) {
    if (ENCRYPTION_VALUES[name]?.includes(value.toLowerCase()) === true) encryption = true;
    else query[name] = value;
  }
  if (spec.filePath !== undefined) return { file_path: spec.filePath, query };
  return {
    host: spec.host ?? '',
    port: spec.port ?? (isNetworkBackend(spec.backend) ? DEFAULT_PORTS[spec.backend] : null),
    database: spec.database ?? '',
    username: spec.username ?? '',
    ...(spec.password === undefined ? {} : { password: spec.password }),
    query,
    encryption,
  };
}
