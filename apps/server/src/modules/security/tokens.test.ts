import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, verifyToken } from './tokens';

const subject = { userId: 7, sid: 'a-session-id-of-enough-length' };

describe('verifyToken', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts its own tokens of the expected type, again and again', async () => {
    const key = randomBytes(32);
    const access = await signToken(key, subject, 'access');
    expect(await verifyToken(key, access, 'access')).toEqual(subject);
    expect(await verifyToken(key, access, 'access')).toEqual(subject);
    expect(await verifyToken(key, access, 'refresh')).toBeNull();
    expect(await verifyToken(randomBytes(32), access, 'access')).toBeNull();
    expect(await verifyToken(key, `${access.slice(0, -2)}xx`, 'access')).toBeNull();
  });

  it('refuses a token that names no session, as tokens minted before sessions backed them do', async () => {
    const key = randomBytes(32);
    const legacy = await new SignJWT({ type: 'refresh', fresh: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('tessera')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect(await verifyToken(key, legacy, 'refresh')).toBeNull();
  });

  it('refuses a token once it expires, even after verifying it before', async () => {
    const key = randomBytes(32);
    const now = Date.now();
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const token = await new SignJWT({ type: 'access', sid: subject.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('3')
      .setIssuer('tessera')
      .setIssuedAt()
      .setExpirationTime(Math.floor(now / 1000) + 60)
      .sign(key);
    expect(await verifyToken(key, token, 'access')).toEqual({ userId: 3, sid: subject.sid });
    vi.setSystemTime(now + 61_000);
    expect(await verifyToken(key, token, 'access')).toBeNull();
  });
});
