import { z } from 'zod';

/** Superset's per-object access permissions (the view is the object's perm string). */
export const ACCESS_PERMISSIONS = ['database_access', 'schema_access', 'datasource_access'] as const;
export type AccessPermission = (typeof ACCESS_PERMISSIONS)[number];

export const ROLE_NAME_MAX = 64;

const roleNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(ROLE_NAME_MAX, `At most ${ROLE_NAME_MAX} characters.`);

/** One row of GET /api/v1/security/roles/ and the result of GET/POST/PUT on one role. */
export const roleItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type RoleItem = z.infer<typeof roleItemSchema>;

export const roleWriteSchema = z.object({ name: roleNameSchema }).strict();
export type RoleWrite = z.infer<typeof roleWriteSchema>;

export const roleItemResponseSchema = z.object({ id: z.number().int(), result: roleItemSchema });

/** GET /api/v1/security/permissions/: the permission names. */
export const permissionItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type PermissionItem = z.infer<typeof permissionItemSchema>;

/** GET /api/v1/security/permissions-resources/: one (permission, view) pair with its id. */
export const permissionResourceSchema = z.object({
  id: z.number().int(),
  permission: z.object({ name: z.string() }),
  view_menu: z.object({ name: z.string() }),
});
export type PermissionResource = z.infer<typeof permissionResourceSchema>;

/** GET /api/v1/security/roles/{id}/permissions/: the role's pairs. */
export const rolePermissionSchema = z.object({
  id: z.number().int(),
  permission_name: z.string(),
  view_menu_name: z.string(),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;
export const rolePermissionsResponseSchema = z.object({ result: z.array(rolePermissionSchema) });

/** POST /api/v1/security/roles/{id}/permissions/: the role's complete new set of pairs. */
export const rolePermissionsWriteSchema = z
  .object({ permission_view_menu_ids: z.array(z.number().int().positive()).max(10_000) })
  .strict();
export type RolePermissionsWrite = z.infer<typeof rolePermissionsWriteSchema>;
export const rolePermissionsWriteResponseSchema = z.object({
  result: z.object({ permission_view_menu_ids: z.array(z.number().int()) }),
});

/**
 * POST /api/v1/security/roles/{id}/access/: the quick grant. A database alone grants database_access,
 * with a schema schema_access, with a dataset datasource_access (the dataset's own database wins).
 */
export const accessGrantSchema = z
  .object({
    database_id: z.number().int().positive(),
    schema: z.string().trim().min(1).max(255).optional(),
    dataset_id: z.number().int().positive().optional(),
  })
  .strict();
export type AccessGrant = z.infer<typeof accessGrantSchema>;
export const accessGrantResponseSchema = z.object({ result: rolePermissionSchema });
