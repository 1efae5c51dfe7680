import {
  guestTokenClaimsSchema,
  type AppConstants,
  type GuestTokenClaims,
  type GuestTokenRequest,
} from '@tessera/contracts';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'tessera';
const DEFAULT_AUDIENCE = 'tessera';

type GuestConstants = Pick<AppConstants, 'GUEST_TOKEN_JWT_EXP_SECONDS' | 'GUEST_TOKEN_JWT_AUDIENCE'>;

const audienceOf = (constants: GuestConstants): string =>
  constants.GUEST_TOKEN_JWT_AUDIENCE ?? DEFAULT_AUDIENCE;

/** A guest token (reference §14: HS256, GUEST_TOKEN_JWT_EXP_SECONDS) with Superset's claim names. */
export async function signGuestToken(
  key: Uint8Array,
  constants: GuestConstants,
  request: GuestTokenRequest,
): Promise<string> {
  const claims: GuestTokenClaims = {
    type: 'guest',
    user: request.user,
    resources: request.resources,
    rls_rules: request.rls,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(audienceOf(constants))
    .setIssuedAt()
    .setExpirationTime(`${String(constants.GUEST_TOKEN_JWT_EXP_SECONDS)}s`)
    .sign(key);
}

/**
 * The claims of a valid, unexpired guest token; null for anything else (bad signature, another key's
 * token such as an access token, expired, wrong audience, claims that do not parse).
 */
export async function verifyGuestToken(
  key: Uint8Array,
  constants: GuestConstants,
  token: string,
): Promise<GuestTokenClaims | null> {
  if (token.length > 20_000) return null;
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: audienceOf(constants),
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    const claims = guestTokenClaimsSchema.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}
