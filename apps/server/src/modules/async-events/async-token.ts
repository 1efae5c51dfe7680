import { SignJWT, jwtVerify } from 'jose';
import { asyncTokenClaimsSchema } from '@tessera/contracts';

/** What the `async-token` cookie says: the caller's event channel and the user it was issued to. */
export interface AsyncTokenClaims {
  channel: string;
  /** The user id as text, or null for an anonymous caller (as in Superset). */
  sub: string | null;
}

/** Signs the channel claims (HS256). No expiry: the cookie lives as long as the browser session. */
export function signAsyncToken(key: Uint8Array, claims: AsyncTokenClaims): Promise<string> {
  // An anonymous caller's token has no subject at all (JWT `sub` is text when present).
  return new SignJWT(
    claims.sub === null ? { channel: claims.channel } : { channel: claims.channel, sub: claims.sub },
  )
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .sign(key);
}

/** The claims of a token this server signed; null for anything else (bad signature, bad claims). */
export async function verifyAsyncToken(key: Uint8Array, token: string): Promise<AsyncTokenClaims | null> {
  if (token.length > 2000) return null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const claims = asyncTokenClaimsSchema.safeParse(payload);
    return claims.success ? { channel: claims.data.channel, sub: claims.data.sub ?? null } : null;
  } catch {
    return null;
  }
}
