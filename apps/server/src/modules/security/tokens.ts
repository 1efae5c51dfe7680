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

interface VerifiedToken {
  userId: number;
  type: TokenType;
  expiresAtMs: number;
}

/**
 * Tokens already verified, per key. A JWT is immutable and its signature and claims do not change, so
 * only its expiry needs checking again; this spares the HMAC and claim parsing on every API call.
 */
const verified = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();
const MAX_VERIFIED_TOKENS = 10_000;

function rememberVerified(key: Uint8Array, token: string, entry: VerifiedToken): void {
  let tokens = verified.get(key);
  if (!tokens) {
    tokens = new Map();
    verified.set(key, tokens);
  }
  if (tokens.size >= MAX_VERIFIED_TOKENS) tokens.clear();
  tokens.set(token, entry);
}

/** Returns the user id, or null for any invalid, expired or wrong-type token. */
export async function verifyToken(
  key: Uint8Array,
  token: string,
  expected: TokenType,
): Promise<number | null> {
  const known = verified.get(key)?.get(token);
  if (known && known.expiresAtMs > Date.now()) return known.type === expected ? known.userId : null;
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    const userId = Number(claims.data.sub);
    if (payload.exp !== undefined)
      rememberVerified(key, token, { userId, type: claims.data.type, expiresAtMs: payload.exp * 1000 });
    return claims.data.type === expected ? userId : null;
  } catch {
    return null;
  }
}
