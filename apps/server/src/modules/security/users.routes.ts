import type { FastifyInstance } from 'fastify';
import { listQuerySchema, userCreateSchema, userUpdateSchema, type User } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { nowIso, toFlag } from '../../db/kysely';
import { messageError, notFound } from '../../platform/errors';
import { parseId, parseInput, parseRisonQuery } from '../../platform/validation';
import { hashPassword } from './passwords';
import { requirePermission } from './principal';
import { invalidatePrincipals } from './principal-cache';
import { existingRoleIds } from './roles.repo';
import { deleteUserSessions } from './sessions';
import { findUserById, listUsers, rolesOfUsers, setUserRoles, toUser } from './users.repo';

async function userById(ctx: AppContext, id: number): Promise<User> {
  const row = await findUserById(ctx.store.db, id);
  if (!row) throw notFound();
  return toUser(row, (await rolesOfUsers(ctx.store.db, [id])).get(id) ?? []);
}

async function assertRolesExist(ctx: AppContext, roleIds: number[]): Promise<void> {
  const found = await existingRoleIds(ctx.store.db, roleIds);
  const missing = roleIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw messageError(422, { roles: [`Unknown role id(s): ${missing.join(', ')}.`] });
}

async function assertUnique(
  ctx: AppContext,
  field: 'username' | 'email',
  value: string,
  exceptId?: number,
): Promise<void> {
  let query = ctx.store.db.selectFrom('users').select('id').where(field, '=', value);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst())
    throw messageError(422, { [field]: [`A user with this ${field} already exists.`] });
}

/** The Users admin API (FAB's /api/v1/security/users/ shapes); deactivation replaces deletion. */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  app.get('/api/v1/security/users/', async (request) => {
    requirePermission(request.principal, 'can_read', 'User');
    const { q } = request.query as { q?: unknown };
    const query = parseRisonQuery(listQuerySchema, q);
    const { count, rows } = await listUsers(db, query);
    const roles = await rolesOfUsers(
      db,
      rows.map((row) => row.id),
    );
    return {
      count,
      ids: rows.map((row) => row.id),
      result: rows.map((row) => toUser(row, roles.get(row.id) ?? [])),
    };
  });

  app.get('/api/v1/security/users/:id', async (request) => {
    requirePermission(request.principal, 'can_read', 'User');
    const id = parseId((request.params as { id?: unknown }).id);
    return { id, result: await userById(ctx, id) };
  });

  app.post('/api/v1/security/users/', async (request, reply) => {
    requirePermission(request.principal, 'can_write', 'User');
    const body = parseInput(userCreateSchema, request.body);
    await assertRolesExist(ctx, body.roles);
    await assertUnique(ctx, 'username', body.username);
    await assertUnique(ctx, 'email', body.email);
    const now = nowIso();
    const passwordHash = await hashPassword(body.password);
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          username: body.username,
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email,
          password_hash: passwordHash,
          active: toFlag(body.active),
          created_on: now,
          changed_on: now,
          last_login: null,
          login_count: 0,
          fail_login_count: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setUserRoles(trx, row.id, body.roles);
      return row.id;
    });
    invalidatePrincipals();
    return reply.code(201).send({ id, result: await userById(ctx, id) });
  });

  app.put('/api/v1/security/users/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'User');
    const id = parseId((request.params as { id?: unknown }).id);
    const body = parseInput(userUpdateSchema, request.body);
    if (!(await findUserById(db, id))) throw notFound();
    if (body.active === false && id === principal.user.id) {
      throw messageError(422, { active: ['You cannot deactivate your own account.'] });
    }
    if (body.roles) await assertRolesExist(ctx, body.roles);
    if (body.username !== undefined) await assertUnique(ctx, 'username', body.username, id);
    if (body.email !== undefined) await assertUnique(ctx, 'email', body.email, id);
    const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          ...(body.username === undefined ? {} : { username: body.username }),
          ...(body.first_name === undefined ? {} : { first_name: body.first_name }),
          ...(body.last_name === undefined ? {} : { last_name: body.last_name }),
          ...(body.email === undefined ? {} : { email: body.email }),
          ...(body.active === undefined ? {} : { active: toFlag(body.active) }),
          ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
          changed_on: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      if (body.roles) await setUserRoles(trx, id, body.roles);
    });
    // Again after the commit: a request reading between the write and the commit saw the old rows.
    invalidatePrincipals();
    if (body.active === false || passwordHash !== undefined) await deleteUserSessions(db, id);
    return { id, result: await userById(ctx, id) };
  });
}
