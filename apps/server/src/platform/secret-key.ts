import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config';

export const MIN_SECRET_KEY_BYTES = 32;

/** Keys published in docs and sample configs of this and similar projects: never accepted. */
const KNOWN_DEFAULT_KEYS = new Set(
  [
    'CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET',
    'thisISaSECRET_1234',
    'test-secret-change-me',
    'YOUR_OWN_RANDOM_GENERATED_SECRET_KEY',
    'TEST_NON_DEV_SECRET',
    'changeme',
    'change-me',
    'change_me',
    'secret',
    'tessera',
    'default',
    'password',
    'supersecret',
    'please-change-this-secret-key-now-please-change-it',
  ].map((key) => key.toLowerCase()),
);

export function validateSecretKey(key: string): void {
  if (KNOWN_DEFAULT_KEYS.has(key.trim().toLowerCase())) {
    throw new ConfigError(
      'Refusing to start: TESSERA_SECRET_KEY is a published default key. Generate one with `openssl rand -base64 42`.',
    );
  }
  if (Buffer.byteLength(key, 'utf8') < MIN_SECRET_KEY_BYTES) {
    throw new ConfigError(
      `Refusing to start: TESSERA_SECRET_KEY must be at least ${MIN_SECRET_KEY_BYTES} bytes long. Generate one with \`openssl rand -base64 42\`.`,
    );
  }
  if (new Set(key).size < 8) {
    throw new ConfigError('Refusing to start: TESSERA_SECRET_KEY is too repetitive to be a secret.');
  }
}

/**
 * The key from the environment when set; otherwise the one kept in the data dir, generated on first start
 * with mode 0600 so that restarts keep sessions and stored passwords readable.
 */
export function resolveSecretKey(fromEnv: string | null, dataDir: string): string {
  if (fromEnv !== null) {
    validateSecretKey(fromEnv);
    return fromEnv;
  }
  const file = path.join(dataDir, 'secret_key');
  if (existsSync(file)) {
    // Installs from before the key was written 0600 get it tightened here.
    chmodSync(file, 0o600);
    const stored = readFileSync(file, 'utf8').trim();
    validateSecretKey(stored);
    return stored;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return generated;
}
