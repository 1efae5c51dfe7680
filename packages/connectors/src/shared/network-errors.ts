import type { ConnectorErrorKind } from '../types';
import { errorShape, innermostNetworkCode } from './error-shape';

const HOSTNAME_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const HOST_DOWN_CODES = new Set(['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ECONNRESET']);
const TIMEOUT_MESSAGES = [/timeout expired/i, /connection timeout/i, /timed? ?out/i];

/** Classifies socket-level failures shared by every networked driver; null when it is not one. */
export function classifyNetworkError(error: unknown): ConnectorErrorKind | null {
  const code = innermostNetworkCode(error);
  if (code && HOSTNAME_CODES.has(code)) return 'CONNECTION_INVALID_HOSTNAME_ERROR';
  if (code === 'ECONNREFUSED') return 'CONNECTION_PORT_CLOSED_ERROR';
  if (code && HOST_DOWN_CODES.has(code)) return 'CONNECTION_HOST_DOWN_ERROR';
  if (code === 'ERR_SOCKET_BAD_PORT') return 'CONNECTION_INVALID_PORT_ERROR';
  const { message } = errorShape(error);
  if (/getaddrinfo/i.test(message)) return 'CONNECTION_INVALID_HOSTNAME_ERROR';
  if (TIMEOUT_MESSAGES.some((re) => re.test(message))) return 'CONNECTION_HOST_DOWN_ERROR';
  return null;
}
