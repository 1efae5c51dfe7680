import pino, { type Logger } from 'pino';
import type { Config } from '../platform/config';
import { REDACTED_PATHS } from '../platform/logger';

/** The logger of a process without an HTTP server (`tessera worker`, `tessera beat`). */
export function processLogger(config: Config): Logger {
  const log = pino({ level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection; the process keeps running');
  });
  return log;
}

export function untilStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
}
