import {
  listQuerySchema,
  RLS_PERMISSION_VIEW,
  rlsRuleCreateSchema,
  rlsRuleIdsSchema,
  rlsRuleUpdateSchema,
} from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { registerModelHelpers } from '../security/model-helpers';
import { requirePermission } from '../security/principal';
import {
  changeRlsRule,
  type ClauseProblem,
  createRlsRule,
  deleteRlsRules,
  listRlsRules,
  relatedRlsRoles,
  relatedRlsTables,
  showRlsRule,
} from './rls.service';

/** `/api/v1/rowlevelsecurity/` (Superset's RLSRestApi): admins only, through the 'Row Level Security' pairs. */
/** `clauseProblem`: chart data's adhoc-SQL check, which saved clauses must pass (rls-clause-check.ts). */
export function registerRlsRoutes(app: FastifyInstance, ctx: AppContext, clauseProblem: ClauseProblem): void {
  const base = '/api/v1/rowlevelsecurity';

  registerModelHelpers(app, {
    base,
    resource: RLS_PERMISSION_VIEW,
    infoPermissions: ['can_read', 'can_write'],
    related: {
      tables: (query) => relatedRlsTables(ctx, query),
      roles: (query) => relatedRlsRoles(ctx, query),
    },
  });

  app.get(`${base}/`, async (request) => {
    requirePermission(request.principal, 'can_read', RLS_PERMISSION_VIEW);
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, ids, result } = await listRlsRules(ctx, query);
    return { count, ids, result: result.map((item) => pickColumns(item, query.columns)) };
  });

  app.get(`${base}/:id`, async (request) => {
    requirePermission(request.principal, 'can_read', RLS_PERMISSION_VIEW);
    const id = idParam(request);
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    return { id, result: pickColumns(await showRlsRule(ctx, id), query.columns) };
  });

  app.post(`${base}/`, async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', RLS_PERMISSION_VIEW);
    const input = parseInput(rlsRuleCreateSchema, request.body);
    const id = await createRlsRule(ctx, principal.user.id, input, clauseProblem);
    return reply.code(201).send({ id, result: input });
  });

  app.put(`${base}/:id`, async (request) => {
    const principal = requirePermission(request.principal, 'can_write', RLS_PERMISSION_VIEW);
    const id = idParam(request);
    const input = parseInput(rlsRuleUpdateSchema, request.body);
    await changeRlsRule(ctx, principal.user.id, id, input, clauseProblem);
    return { id, result: input };
  });

  app.delete(`${base}/:id`, async (request) => {
    requirePermission(request.principal, 'can_write', RLS_PERMISSION_VIEW);
    await deleteRlsRules(ctx, [idParam(request)]);
    return { message: 'OK' };
  });

  // All or nothing: one unknown id makes the whole request a 404.
  app.delete(`${base}/`, async (request) => {
    requirePermission(request.principal, 'can_write', RLS_PERMISSION_VIEW);
    const count = await deleteRlsRules(ctx, parseRisonQuery(rlsRuleIdsSchema, risonParam(request)));
    return { message: `Deleted ${String(count)} rules` };
  });
}
