import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';

/** Headers and fields that may hold secrets are censored in every log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.sqlalchemy_uri',
  '*.password_encrypted',
];

export function loggerOptions(
  level: Config['logLevel'],
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, ...(stream ? { stream } : {}) };
}
