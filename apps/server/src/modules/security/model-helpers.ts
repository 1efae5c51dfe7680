import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { parseRisonQuery, risonParam } from '../../platform/validation';
import { requirePermission, type Principal } from './principal';
import { relatedQuerySchema, type RelatedQuery } from './related-users';

/** One option of a related or distinct picker: `{value, text}` (users add `extra`). */
export interface Choice {
  value: number | string;
  text: string;
  extra?: Record<string, unknown>;
}

export interface ChoicePage {
  count: number;
  result: Choice[];
}

/** Answers one `related/<field>` or `distinct/<field>` for the caller. */
export type ChoiceSource = (query: RelatedQuery, principal: Principal) => Promise<ChoicePage>;

/** The FAB helper endpoints of one model API resource. */
export interface ModelHelpers {
  /** The resource path without a trailing slash, e.g. `/api/v1/dataset`. */
  base: string;
  /** The permission view, e.g. `Dataset`. */
  resource: string;
  /** The permissions `_info` may report; each is listed only when the caller holds it. */
  infoPermissions?: readonly string[];
  related?: Readonly<Record<string, ChoiceSource>>;
  distinct?: Readonly<Record<string, ChoiceSource>>;
}

const DEFAULT_INFO_PERMISSIONS = ['can_read', 'can_write', 'can_export'] as const;

const infoQuerySchema = z.object({ keys: z.array(z.string().max(50)).max(10).optional() }).strict();

/**
 * Registers `_info`, `related/<field>` and `distinct/<field>` the way Flask-AppBuilder serves them:
 * all three need can_read on the resource; an unknown field is a 404. `_info` answers only
 * `permissions`, which is the one key Superset's clients read.
 */
export function registerModelHelpers(app: FastifyInstance, helpers: ModelHelpers): void {
  const { base, resource } = helpers;
  const infoPermissions = helpers.infoPermissions ?? DEFAULT_INFO_PERMISSIONS;

  app.get(`${base}/_info`, (request, reply) => {
    const principal = requirePermission(request.principal, 'can_read', resource);
    parseRisonQuery(infoQuerySchema, risonParam(request));
    return reply.send({
      permissions: infoPermissions.filter((permission) => principal.can(permission, resource)),
    });
  });

  const choices = (kind: 'related' | 'distinct', sources: Readonly<Record<string, ChoiceSource>>) => {
    app.get(`${base}/${kind}/:field`, async (request) => {
      const principal = requirePermission(request.principal, 'can_read', resource);
      const field = (request.params as { field?: unknown }).field;
      const source = typeof field === 'string' && Object.hasOwn(sources, field) ? sources[field] : undefined;
      if (!source) throw notFound();
      return source(parseRisonQuery(relatedQuerySchema, risonParam(request)), principal);
    });
  };
  if (helpers.related) choices('related', helpers.related);
  if (helpers.distinct) choices('distinct', helpers.distinct);
}

/**
 * Filters (case-insensitive "contains"), orders and pages choices held in memory: distinct values and
 * the databases a caller may use are few, and access to a database is decided per row in code.
 */
export function pageOfChoices(all: readonly Choice[], query: RelatedQuery): ChoicePage {
  const text = query.filter.trim().toLowerCase();
  const matching = text === '' ? [...all] : all.filter((choice) => choice.text.toLowerCase().includes(text));
  matching.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const start = query.page * query.page_size;
  return { count: matching.length, result: matching.slice(start, start + query.page_size) };
}

/** Distinct text values as `{value, text}` choices, blank and null values left out. */
export function distinctChoices(values: readonly (string | null)[], query: RelatedQuery): ChoicePage {
  const unique = [
    ...new Set(values.filter((value): value is string => value !== null && value.trim() !== '')),
  ];
  return pageOfChoices(
    unique.map((value) => ({ value, text: value })),
    query,
  );
}
