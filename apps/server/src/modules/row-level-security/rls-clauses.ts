import type { RlsFilterType } from '@tessera/contracts';

/** What decides whether and how a rule applies to a caller. */
export interface RuleForCaller {
  id: number;
  filter_type: RlsFilterType;
  group_key: string | null;
  clause: string;
  /** The names of the rule's roles. */
  roles: readonly string[];
}

/**
 * Whether a rule applies to a caller with these roles: a Regular rule to members of any of its roles,
 * a Base rule to everyone in none of them (Superset's semantics: Base rules say what everybody else sees).
 */
export function ruleApplies(rule: RuleForCaller, callerRoles: readonly string[]): boolean {
  const member = rule.roles.some((role) => callerRoles.includes(role));
  return rule.filter_type === 'Regular' ? member : !member;
}

/**
 * One predicate from the clauses that apply: clauses sharing a group key are ORed, groups and clauses
 * without a key ANDed, each clause in its own parentheses so that none can reach out of its group.
 * `check` refuses a clause that is not one safe expression (it throws) and returns its text. Null when
 * nothing applies. Rules come ordered by id, so the same rules always give the same text.
 */
export function combineClauses(
  rules: readonly { id: number; group_key: string | null; clause: string }[],
  check: (clause: string) => string,
): string | null {
  const groups = new Map<string, string[]>();
  const ordered = [...rules].sort((a, b) => a.id - b.id);
  for (const rule of ordered) {
    const key = rule.group_key === null ? `rule:${String(rule.id)}` : `group:${rule.group_key}`;
    const checked = `(${check(rule.clause)})`;
    const group = groups.get(key) ?? [];
    if (!group.includes(checked)) group.push(checked);
    groups.set(key, group);
  }
  if (groups.size === 0) return null;
  return [...groups.values()].map((clauses) => `(${clauses.join(' OR ')})`).join(' AND ');
}
