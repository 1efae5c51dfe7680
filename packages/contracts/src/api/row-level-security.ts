import { z } from 'zod';
import { listResponseSchema } from './list';

/**
 * Row level security rules, `/api/v1/rowlevelsecurity/` (issue #15 item 5; Superset's RLSRestApi):
 * a clause added to the WHERE of every query on the rule's datasets. A Regular rule applies to members
 * of its roles, a Base rule to everyone not in them; rules sharing a group key are ORed, groups ANDed.
 */
export const RLS_FILTER_TYPES = ['Regular', 'Base'] as const;
export const rlsFilterTypeSchema = z.enum(RLS_FILTER_TYPES);
export type RlsFilterType = z.infer<typeof rlsFilterTypeSchema>;

/** The permission view of the API and the page (admins only, as in Superset). */
export const RLS_PERMISSION_VIEW = 'Row Level Security';

const idListSchema = z.array(z.number().int().positive()).max(1000);
const optionalText = z.string().max(10_000).nullable().optional();
/** An empty group key is no group: each such rule stands alone, as Superset treats a missing one. */
const groupKeySchema = z
  .string()
  .trim()
  .max(255)
  .nullable()
  .optional()
  .transform((key) => (key === undefined ? undefined : key === null || key === '' ? null : key));

export const rlsRuleCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(255),
    description: optionalText,
    filter_type: rlsFilterTypeSchema,
    tables: idListSchema.min(1, 'Shorter than minimum length 1.'),
    roles: idListSchema,
    group_key: groupKeySchema,
    clause: z.string().trim().min(1, 'Clause is required.').max(10_000),
  })
  .strict();
export type RlsRuleCreate = z.infer<typeof rlsRuleCreateSchema>;

export const rlsRuleUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(255).optional(),
    description: optionalText,
    filter_type: rlsFilterTypeSchema.optional(),
    tables: idListSchema.min(1, 'Shorter than minimum length 1.').optional(),
    roles: idListSchema.optional(),
    group_key: groupKeySchema,
    clause: z.string().trim().min(1, 'Clause is required.').max(10_000).optional(),
  })
  .strict();
export type RlsRuleUpdate = z.infer<typeof rlsRuleUpdateSchema>;

/** The rison `q` of DELETE /api/v1/rowlevelsecurity/: `!(1,2)`. */
export const rlsRuleIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);

export const rlsTableRefSchema = z.object({
  id: z.number().int(),
  schema: z.string().nullable(),
  table_name: z.string(),
});
export const rlsRoleRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** One rule as GET /api/v1/rowlevelsecurity/{id} and the list answer it. */
export const rlsRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  filter_type: rlsFilterTypeSchema,
  tables: z.array(rlsTableRefSchema),
  roles: z.array(rlsRoleRefSchema),
  group_key: z.string().nullable(),
  clause: z.string(),
  changed_on_delta_humanized: z.string(),
  changed_by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type RlsRule = z.infer<typeof rlsRuleSchema>;

export const rlsRuleListSchema = listResponseSchema(rlsRuleSchema.partial());
export type RlsRuleList = z.infer<typeof rlsRuleListSchema>;

export const rlsRuleShowSchema = z.object({ id: z.number().int(), result: rlsRuleSchema.partial() });

/** POST answers 201 and PUT 200 `{id, result}`, the result being the body as it was taken. */
export const rlsRuleWriteResponseSchema = z.object({
  id: z.number().int(),
  result: z.record(z.string(), z.unknown()),
});

/**
 * A clause that comes with the request rather than from a stored rule: a guest token's `rls` entries
 * (reference §8.1: `{dataset?, clause}`), one for every dataset when `dataset` is absent.
 */
export const requestRlsClauseSchema = z.object({
  dataset: z.number().int().positive().optional(),
  clause: z.string().trim().min(1).max(10_000),
});
export type RequestRlsClause = z.infer<typeof requestRlsClauseSchema>;
