import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

const ACCESS_TTL_SECONDS = 15 * 60;
const REFRESH_TTL_SECONDS = 30 * 24 * 3600;
const ISSUER = 'tessera';

export type TokenType = 'access' | 'refresh';

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  type: z.enum(['access', 'refresh']),
  fresh: z.boolean().optional(),
});

export async function signToken(
  key: Uint8Array,
  userId: number,
  type: TokenType,
  fresh = false,
): Promise<string> {
  return new SignJWT({ type, fresh })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${type === 'access' ? ACCESS_TTL_SECONDS : REFRESH_TTL_SECONDS}s`)
    .sign(key);
}

/** Returns the user id, or null for any invalid, expired or wrong-type token. */
export async function verifyToken(
  key: Uint8Array,
  token: string,
  expected: TokenType,
): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success || claims.data.type !== expected) return null;
    return Number(claims.data.sub);
  } catch {
    return null;
  }
}
