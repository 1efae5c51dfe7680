/**
 * The guest token of an embedded page (issue #15 item 4): set by the embedded SDK's handshake and
 * replaced on each refresh. While one is set, every request carries it in the guest header and no
 * session is assumed (no CSRF token, no login redirect on 401). Module state, like the CSRF token: one
 * page, one viewer.
 */
const DEFAULT_HEADER = 'X-GuestToken';

let current: { token: string; header: string } | null = null;

export function setGuestToken(token: string, header: string = DEFAULT_HEADER): void {
  current = { token, header };
}

/** The token for the log beacon's `guest_token` field (a beacon cannot send headers). */
export function currentGuestToken(): string | null {
  return current?.token ?? null;
}

/** The header to add to a request, or null outside an embedded page. */
export function guestHeader(): { name: string; value: string } | null {
  return current === null ? null : { name: current.header, value: current.token };
}
