import { z } from 'zod';
import { requestRlsClauseSchema } from './row-level-security';

/** Where the embedded SDK points its iframe: `/embedded/<uuid>` (the SDK builds this path itself). */
export const EMBEDDED_PAGE_PREFIX = '/embedded/';
/** The message type of the SDK's port handshake (`{type, handshake: 'port transfer'}` with one port). */
export const EMBEDDED_COMMS_MESSAGE_TYPE = '__embedded_comms__';
/** The SDK's filter-bar URL parameters (`dashboardUiConfig.filters.visible` / `.expanded`). */
export const EMBEDDED_FILTER_PARAMS = { visible: 'show_filters', expanded: 'expand_filters' } as const;

const uuidText = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/**
 * One allowed framing origin, `scheme://host[:port]`. It becomes a CSP `frame-ancestors` source, so only
 * an http(s) origin is accepted (no path, spaces or `;`), kept without a trailing slash.
 */
export const allowedDomainSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .transform((text, ctx) => {
    const bare = text.endsWith('/') ? text.slice(0, -1) : text;
    let origin: string | null = null;
    try {
      const url = new URL(bare);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === bare.toLowerCase())
        origin = url.origin;
    } catch {
      origin = null;
    }
    if (origin === null) {
      ctx.addIssue({ code: 'custom', message: 'Not a valid origin, e.g. https://example.com' });
      return z.NEVER;
    }
    return origin;
  });

/** Body of POST and PUT `/api/v1/dashboard/{id_or_slug}/embedded`. */
export const embeddedDashboardWriteSchema = z
  .object({ allowed_domains: z.array(allowedDomainSchema).max(100).default([]) })
  .strict();
export type EmbeddedDashboardWrite = z.infer<typeof embeddedDashboardWriteSchema>;

/** `{result}` of the embedded endpoints (reference §8.1; dashboard_id is text, as Superset sends it). */
export const embeddedDashboardSchema = z.object({
  uuid: z.string(),
  allowed_domains: z.array(z.string()),
  dashboard_id: z.string(),
  changed_on: z.string(),
  changed_by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type EmbeddedDashboard = z.infer<typeof embeddedDashboardSchema>;
export const embeddedDashboardResponseSchema = z.object({ result: embeddedDashboardSchema });

/** The viewer a guest token names (shown and logged; never a user of this app). */
export const guestUserSchema = z
  .object({
    username: z.string().trim().max(256).default('guest'),
    first_name: z.string().trim().max(256).default(''),
    last_name: z.string().trim().max(256).default(''),
  })
  .strict();
export type GuestUser = z.infer<typeof guestUserSchema>;

export const guestResourceSchema = z
  .object({ type: z.literal('dashboard'), id: uuidText.transform((id) => id.toLowerCase()) })
  .strict();
export type GuestResource = z.infer<typeof guestResourceSchema>;

/** Body of POST `/api/v1/security/guest_token/`. */
export const guestTokenRequestSchema = z
  .object({
    user: guestUserSchema.default({ username: 'guest', first_name: '', last_name: '' }),
    resources: z.array(guestResourceSchema).min(1).max(20),
    rls: z.array(requestRlsClauseSchema.strict()).max(100).default([]),
  })
  .strict();
export type GuestTokenRequest = z.infer<typeof guestTokenRequestSchema>;
export const guestTokenResponseSchema = z.object({ token: z.string() });

/** The claims a guest token carries (Superset's: user, resources, rls_rules, type 'guest'). */
export const guestTokenClaimsSchema = z.object({
  type: z.literal('guest'),
  user: guestUserSchema,
  resources: z.array(guestResourceSchema).min(1).max(20),
  rls_rules: z.array(requestRlsClauseSchema).max(100),
});
export type GuestTokenClaims = z.infer<typeof guestTokenClaimsSchema>;
