import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Derives an independent 32-byte key per purpose, so one secret never serves two jobs directly. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `tessera:${purpose}`, 32),
  );
}

const VERSION = 'v1';

/** AES-256-GCM; the output is `v1:<base64url(iv | tag | ciphertext)>`. */
export function encryptText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptText(key: Buffer, sealed: string): string {
  const [version, payload] = sealed.split(':', 2);
  if (version !== VERSION || payload === undefined) throw new Error('Unknown encrypted value format');
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
