import { describe, expect, it } from 'vitest';
import { combineClauses, ruleApplies, type RuleForCaller } from './rls-clauses';

const rule = (id: number, patch: Partial<RuleForCaller>): RuleForCaller => ({
  id,
  filter_type: 'Regular',
  group_key: null,
  clause: `c${String(id)}`,
  roles: [],
  ...patch,
});

describe('row level security clauses', () => {
  it('applies Regular rules to members and Base rules to everyone else', () => {
    expect(ruleApplies(rule(1, { roles: ['Sales'] }), ['Gamma', 'Sales'])).toBe(true);
    expect(ruleApplies(rule(1, { roles: ['Sales'] }), ['Gamma'])).toBe(false);
    expect(ruleApplies(rule(1, { roles: [] }), ['Gamma'])).toBe(false);
    expect(ruleApplies(rule(2, { filter_type: 'Base', roles: ['Admin'] }), ['Admin'])).toBe(false);
    expect(ruleApplies(rule(2, { filter_type: 'Base', roles: ['Admin'] }), ['Gamma'])).toBe(true);
    expect(ruleApplies(rule(2, { filter_type: 'Base', roles: [] }), [])).toBe(true);
  });

  it('ORs within a group key and ANDs across, each clause parenthesised', () => {
    const combined = combineClauses(
      [
        { id: 3, group_key: 'region', clause: "region = 'EU'" },
        { id: 1, group_key: 'dept', clause: "dept = 'Finance'" },
        { id: 2, group_key: 'dept', clause: "dept = 'Marketing'" },
        { id: 4, group_key: null, clause: 'x = 1' },
        { id: 5, group_key: null, clause: 'y = 2' },
      ],
      (clause) => clause.trim(),
    );
    expect(combined).toBe(
      "((dept = 'Finance') OR (dept = 'Marketing')) AND ((region = 'EU')) AND ((x = 1)) AND ((y = 2))",
    );
    expect(combineClauses([], (clause) => clause)).toBeNull();
  });

  it('keeps a clause from reaching out of its parentheses', () => {
    // `a = 1 OR 1 = 1` stays inside its group: the AND with the other group still holds.
    expect(
      combineClauses(
        [
          { id: 1, group_key: null, clause: 'a = 1 OR 1 = 1' },
          { id: 2, group_key: null, clause: "state = 'CA'" },
        ],
        (clause) => clause,
      ),
    ).toBe("((a = 1 OR 1 = 1)) AND ((state = 'CA'))");
    expect(() =>
      combineClauses([{ id: 1, group_key: null, clause: '1) OR (1' }], () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
  });
});
