import { z } from 'zod';

export const loginRequestSchema = z
  .object({
    username: z.string().min(1).max(256),
    password: z.string().min(1).max(1024),
    provider: z.literal('db').default('db'),
    refresh: z.boolean().default(false),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshResponseSchema = z.object({ access_token: z.string() });

/** Where the session's CSRF token is read (the server's route, the app's fetch and the page's preload). */
export const CSRF_TOKEN_PATH = '/api/v1/security/csrf_token/';
export const csrfTokenResponseSchema = z.object({ result: z.string() });

/** Browser form login: JSON body at POST /login/. */
export const browserLoginRequestSchema = z
  .object({
    username: z.string().min(1).max(256),
    password: z.string().min(1).max(1024),
  })
  .strict();
export type BrowserLoginRequest = z.infer<typeof browserLoginRequestSchema>;

export const meSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  is_anonymous: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
export const meResponseSchema = z.object({ result: meSchema });

/**
 * Role name -> list of [permission, view] pairs; `permissions` lists the per-object grants by kind
 * (Superset's shape), as view names such as `[examples].(id:1)` or `[examples].[birth_names](id:3)`.
 */
export const meRolesResponseSchema = z.object({
  result: meSchema.extend({
    roles: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
    permissions: z.object({
      database_access: z.array(z.string()),
      datasource_access: z.array(z.string()),
    }),
  }),
});
export type MeRoles = z.infer<typeof meRolesResponseSchema>['result'];

export const BUILT_IN_ROLES = ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public'] as const;

const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'Use letters, digits and . _ @ - only.');

const userFields = {
  username: usernameSchema,
  first_name: z.string().trim().min(1).max(64),
  last_name: z.string().trim().min(1).max(64),
  email: z.email().max(320),
  password: z.string().min(8).max(1024),
  active: z.boolean(),
  roles: z.array(z.number().int().positive()).min(1).max(50),
};

/**
 * PUT /api/v1/me/password: the signed-in user's own password. The current one is asked again so a
 * borrowed session cannot lock its owner out; the new one follows the users API's policy.
 */
export const mePasswordUpdateSchema = z
  .object({
    current_password: z.string().min(1).max(1024),
    new_password: userFields.password,
  })
  .strict();
export type MePasswordUpdate = z.infer<typeof mePasswordUpdateSchema>;
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
export const SAME_NEW_PASSWORD = 'The new password must differ from the current one.';

export const userCreateSchema = z.object({ ...userFields, active: userFields.active.default(true) }).strict();
export type UserCreate = z.infer<typeof userCreateSchema>;

/** No defaults here: a field left out of an update stays as it is. */
export const userUpdateSchema = z.object(userFields).partial().strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const roleRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type RoleRef = z.infer<typeof roleRefSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  active: z.boolean(),
  roles: z.array(roleRefSchema),
  created_on: z.string(),
  changed_on: z.string(),
  last_login: z.string().nullable(),
  login_count: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.tuple([z.string(), z.string()])),
});
export type Role = z.infer<typeof roleSchema>;
