import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;
const ISSUER = 'tessera';

export type TokenType = 'access' | 'refresh';

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  type: z.enum(['access', 'refresh']),
  fresh: z.boolean().optional(),
  // The login's token session; tokens without one (minted before sessions backed them) are refused.
  sid: z.string().min(20).max(100),
});

/** Who a token speaks for: the user and the token session (sessions.ts) that keeps it alive. */
export interface TokenSubject {
  userId: number;
  sid: string;
}

export async function signToken(
  key: Uint8Array,
  subject: TokenSubject,
  type: TokenType,
  fresh = false,
): Promise<string> {
  const { userId, sid } = subject;
  return new SignJWT({ type, fresh, sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${type === 'access' ? ACCESS_TTL_SECONDS : REFRESH_TTL_SECONDS}s`)
    .sign(key);
}

interface VerifiedToken extends TokenSubject {
  type: TokenType;
  expiresAtMs: number;
}

/**
 * Tokens already verified, per key. A JWT is immutable and its signature and claims do not change, so
 * only its expiry needs checking again; this spares the HMAC and claim parsing on every API call.
 * Whether the token is still wanted (logout, password change, deactivation) is not a property of the
 * JWT: callers check its session on every use (resolveTokenSession), so nothing here outlives a revocation.
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

const subjectOf = (entry: VerifiedToken): TokenSubject => ({ userId: entry.userId, sid: entry.sid });

/**
 * The token's subject, or null for any invalid, expired or wrong-type token. Only the signature and
 * claims: whether its session still stands is resolveTokenSession's question.
 */
export async function verifyToken(
  key: Uint8Array,
  token: string,
  expected: TokenType,
): Promise<TokenSubject | null> {
  const known = verified.get(key)?.get(token);
  if (known && known.expiresAtMs > Date.now()) return known.type === expected ? subjectOf(known) : null;
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    const entry: VerifiedToken = {
      userId: Number(claims.data.sub),
      sid: claims.data.sid,
      type: claims.data.type,
      expiresAtMs: (payload.exp ?? 0) * 1000,
    };
    if (payload.exp !== undefined) rememberVerified(key, token, entry);
    return entry.type === expected ? subjectOf(entry) : null;
  } catch {
    return null;
  }
}
