import type { FastifyInstance } from 'fastify';
import {
  accessGrantSchema,
  listQuerySchema,
  rolePermissionsWriteSchema,
  roleWriteSchema,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { requirePermission } from './principal';
import {
  createRole,
  deleteRole,
  findRole,
  grantAccess,
  listPermissionResources,
  listPermissions,
  listRolePage,
  renameRole,
  rolePermissions,
  setRolePermissions,
} from './roles.service';

/** FAB's security API for roles and their (permission, view) pairs; Admin only (Role permissions). */
export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;
  const list = <T extends { id: number }>({ count, rows }: { count: number; rows: T[] }) => ({
    count,
    ids: rows.map((row) => row.id),
    result: rows,
  });

  app.get('/api/v1/security/roles/', async (request) => {
    requirePermission(request.principal, 'can_read', 'Role');
    return list(await listRolePage(db, parseRisonQuery(listQuerySchema, risonParam(request))));
  });

  app.get('/api/v1/security/roles/:id', async (request) => {
    requirePermission(request.principal, 'can_read', 'Role');
    const role = await findRole(db, idParam(request));
    return { id: role.id, result: role };
  });

  app.post('/api/v1/security/roles/', async (request, reply) => {
    requirePermission(request.principal, 'can_write', 'Role');
    const body = parseInput(roleWriteSchema, request.body);
    const role = await createRole(db, body.name);
    return reply.code(201).send({ id: role.id, result: role });
  });

  app.put('/api/v1/security/roles/:id', async (request) => {
    requirePermission(request.principal, 'can_write', 'Role');
    const id = idParam(request);
    const body = parseInput(roleWriteSchema, request.body);
    const role = await renameRole(db, ctx.caches.principals, id, body.name);
    return { id: role.id, result: role };
  });

  app.delete('/api/v1/security/roles/:id', async (request) => {
    requirePermission(request.principal, 'can_write', 'Role');
    await deleteRole(db, ctx.caches.principals, idParam(request));
    return { message: 'OK' };
  });

  app.get('/api/v1/security/roles/:id/permissions/', async (request) => {
    requirePermission(request.principal, 'can_read', 'Role');
    return { result: await rolePermissions(db, idParam(request)) };
  });

  app.post('/api/v1/security/roles/:id/permissions/', async (request) => {
    requirePermission(request.principal, 'can_write', 'Role');
    const id = idParam(request);
    const body = parseInput(rolePermissionsWriteSchema, request.body);
    return {
      result: {
        permission_view_menu_ids: await setRolePermissions(
          db,
          ctx.caches.principals,
          id,
          body.permission_view_menu_ids,
        ),
      },
    };
  });

  app.post('/api/v1/security/roles/:id/access/', async (request) => {
    requirePermission(request.principal, 'can_write', 'Role');
    const id = idParam(request);
    const body = parseInput(accessGrantSchema, request.body);
    return { result: await grantAccess(db, ctx.caches.principals, id, body) };
  });

  app.get('/api/v1/security/permissions/', async (request) => {
    requirePermission(request.principal, 'can_read', 'Role');
    return list(await listPermissions(db, parseRisonQuery(listQuerySchema, risonParam(request))));
  });

  app.get('/api/v1/security/permissions-resources/', async (request) => {
    requirePermission(request.principal, 'can_read', 'Role');
    return list(await listPermissionResources(db, parseRisonQuery(listQuerySchema, risonParam(request))));
  });
}
