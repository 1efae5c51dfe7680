import type { GuestTokenRequest } from '@tessera/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { guestPrincipal, resolveGuestGrant } from './embedded.service';
import { signGuestToken, verifyGuestToken } from './guest-tokens';
import type { Principal } from '../security/principal';

/** A guest token for the request (issue #15 item 4), signed with the guest purpose key. */
export function issueGuestToken(ctx: AppContext, request: GuestTokenRequest): Promise<string> {
  return signGuestToken(ctx.keys.guest, ctx.config.constants, request);
}

/**
 * The embedded viewer a guest token speaks for, or null: the token must verify and name at least one
 * dashboard that is still embedded (with EMBEDDED_SUPERSET on).
 */
export async function guestFromToken(ctx: AppContext, token: string): Promise<Principal | null> {
  const claims = await verifyGuestToken(ctx.keys.guest, ctx.config.constants, token);
  if (claims === null) return null;
  const grant = await resolveGuestGrant(ctx, claims);
  return grant === null ? null : guestPrincipal(ctx, claims, grant);
}

/** The guest token header's value (GUEST_TOKEN_HEADER_NAME, X-GuestToken by default), or null. */
export function guestTokenHeader(ctx: AppContext, request: FastifyRequest): string | null {
  const value = request.headers[ctx.config.constants.GUEST_TOKEN_HEADER_NAME.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : null;
}
