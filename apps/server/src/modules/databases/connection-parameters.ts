import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import { buildConnectionUri, portOf, type ParameterProblem } from '@tessera/connectors';
import {
  CONNECTION_BACKENDS,
  buildSupersetError,
  isConnectionBackend,
  isNetworkBackend,
  type ConfigurationMethod,
  type ConnectionBackend,
  type DatabaseParameters,
} from '@tessera/contracts';
import { messageError, sip40Errors, type ApiError } from '../../platform/errors';

/** The connection part of a create, update or test_connection body (Superset's modal fields). */
export interface ConnectionFields {
  sqlalchemy_uri?: string | undefined;
  configuration_method?: ConfigurationMethod | undefined;
  engine?: string | null | undefined;
  parameters?: DatabaseParameters | null | undefined;
  server_cert?: string | null | undefined;
  impersonate_user?: boolean | null | undefined;
}

/** How long validate_parameters waits for a TCP answer before calling the host down. */
const PORT_PROBE_MS = 5000;

export function problemsError(problems: ParameterProblem[]): ApiError {
  return sip40Errors(
    422,
    problems.map((problem) =>
      buildSupersetError(problem.errorType, problem.message, {
        ...(problem.missing ? { missing: problem.missing } : {}),
        ...(problem.invalid ? { invalid: problem.invalid } : {}),
      }),
    ),
  );
}

/**
 * Refuses what cannot be honoured instead of dropping it: a custom server certificate (the connection
 * would not be verified the way the user asked) and user impersonation (queries would run as the stored
 * user, not as the viewer). `driver` and `masked_encrypted_extra` have no meaning here and are ignored.
 */
export function assertHonourable(fields: ConnectionFields): void {
  if (fields.server_cert !== undefined && fields.server_cert !== null && fields.server_cert.trim() !== '')
    throw messageError(422, {
      server_cert: [
        'Custom server certificates are not supported; use a certificate the system trusts (sslmode=verify-full).',
      ],
    });
  if (fields.impersonate_user === true)
    throw messageError(422, {
      impersonate_user: [
        'Impersonating the logged-in user is not supported; queries run as the stored user.',
      ],
    });
}

/** The engine a dynamic form names; 422 for anything the connectors do not support. */
export function backendOfEngine(engine: string | null | undefined): ConnectionBackend {
  const name = (engine ?? '').trim().toLowerCase();
  const backend = name === 'postgres' ? 'postgresql' : name;
  if (isConnectionBackend(backend)) return backend;
  throw messageError(422, {
    engine: [
      name === ''
        ? 'Choose the engine the connection parameters are for.'
        : `The engine "${name}" is not supported. Use one of ${CONNECTION_BACKENDS.join(', ')}.`,
    ],
  });
}

/** Whether the body describes its connection with `parameters` rather than with the URI. */
export function usesParameters(fields: ConnectionFields): boolean {
  if (fields.parameters === undefined || fields.parameters === null) return false;
  return fields.configuration_method === 'dynamic_form' || typedUri(fields) === undefined;
}

/** The typed URI; blank counts as none (Superset's modal sends '' beside parameters). */
function typedUri(fields: ConnectionFields): string | undefined {
  const uri = fields.sqlalchemy_uri?.trim();
  return uri === '' ? undefined : uri;
}

/**
 * The URI the body describes: built from `parameters` + `engine` for Superset's dynamic form (or when
 * no URI is given), else the URI as typed; undefined when the body does not touch the connection.
 */
export function connectionUriOf(fields: ConnectionFields): string | undefined {
  assertHonourable(fields);
  if (!usesParameters(fields) || !fields.parameters) return typedUri(fields);
  const built = buildConnectionUri(backendOfEngine(fields.engine), fields.parameters);
  if (!built.ok) throw problemsError(built.problems);
  return built.uri;
}

/** Whether `host:port` answers a TCP connect: 'open', 'closed' (refused) or 'down' (no answer). */
function probePort(address: string, port: number): Promise<'open' | 'closed' | 'down'> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port });
    const finish = (state: 'open' | 'closed' | 'down') => {
      socket.destroy();
      resolve(state);
    };
    socket.setTimeout(PORT_PROBE_MS, () => finish('down'));
    socket.once('connect', () => finish('open'));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(error.code === 'ECONNREFUSED' ? 'closed' : 'down'),
    );
  });
}

/**
 * validate_parameters' network checks, after the fields are complete: the host resolves and the port
 * answers. The login itself is test_connection's job.
 */
export async function reachabilityProblem(
  backend: ConnectionBackend,
  parameters: DatabaseParameters,
): Promise<ParameterProblem | null> {
  if (!isNetworkBackend(backend)) return null;
  const host = (parameters.host ?? '').trim();
  const port = portOf(backend, parameters.port);
  if (port === null) return null;
  let address: string;
  try {
    address = (await lookup(host)).address;
  } catch {
    return {
      errorType: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      message: `The host "${host}" cannot be resolved.`,
      invalid: ['host'],
    };
  }
  const state = await probePort(address, port);
  if (state === 'closed')
    return {
      errorType: 'CONNECTION_PORT_CLOSED_ERROR',
      message: `Port ${String(port)} on "${host}" is closed.`,
      invalid: ['port'],
    };
  if (state === 'down')
    return {
      errorType: 'CONNECTION_HOST_DOWN_ERROR',
      message: `The host "${host}" does not answer on port ${String(port)}; it may be down.`,
      invalid: ['host', 'port'],
    };
  return null;
}
