import { buildSupersetError, type SupersetError } from '@tessera/contracts';

/**
 * A failed delivery. `transient` failures (the peer is down, slow or says "try later": connection
 * refused or reset, timeouts, SMTP 4xx, HTTP 5xx, 408 and 429) may succeed when retried; permanent ones
 * (refused address, bad recipient, SMTP 5xx, HTTP 4xx, bad credentials) will not.
 */
export class NotificationError extends Error {
  override name = 'NotificationError';
  constructor(
    message: string,
    readonly transient: boolean,
    /** A short machine code: ECONNREFUSED, SMTP_550, HTTP_503, ADDRESS_REFUSED... */
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The SIP-40 error the execution log keeps (error type REPORT_NOTIFICATION_ERROR). */
  toSupersetError(): SupersetError {
    return buildSupersetError('REPORT_NOTIFICATION_ERROR', this.message, {
      code: this.code,
      transient: this.transient,
    });
  }
}

/** Network error codes after which the same request may well succeed. */
const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ECONNABORTED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  // nodemailer's own codes for a connection that failed or went silent.
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
]);

export function isTransientNetworkCode(code: string): boolean {
  return TRANSIENT_NETWORK_CODES.has(code);
}

export function isTransientHttpStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** Every failure as a NotificationError: unknown errors count as permanent, so they are not retried blindly. */
export function asNotificationError(error: unknown): NotificationError {
  if (error instanceof NotificationError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new NotificationError(message, false, 'UNKNOWN', { cause: error });
}
