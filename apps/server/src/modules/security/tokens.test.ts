import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, verifyToken } from './tokens';

describe('verifyToken', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts its own tokens of the expected type, again and again', async () => {
    const key = randomBytes(32);
    const access = await signToken(key, 7, 'access');
    expect(await verifyToken(key, access, 'access')).toBe(7);
    expect(await verifyToken(key, access, 'access')).toBe(7);
    expect(await verifyToken(key, access, 'refresh')).toBeNull();
    expect(await verifyToken(randomBytes(32), access, 'access')).toBeNull();
    expect(await verifyToken(key, `${access.slice(0, -2)}xx`, 'access')).toBeNull();
  });

  it('refuses a token once it expires, even after verifying it before', async () => {
    const key = randomBytes(32);
    const now = Date.now();
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const token = await new SignJWT({ type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('3')
      .setIssuer('tessera')
      .setIssuedAt()
      .setExpirationTime(Math.floor(now / 1000) + 60)
      .sign(key);
    expect(await verifyToken(key, token, 'access')).toBe(3);
    vi.setSystemTime(now + 61_000);
    expect(await verifyToken(key, token, 'access')).toBeNull();
  });
});
