import { asArray, asOptionalNumber, asOptionalString, isRecord } from '../../query/values';

/** Conditional formatting rules of the table (Superset's `conditional_formatting` form-data key). */
export const CONDITION_OPERATORS = [
  'None',
  '>',
  '<',
  '≥',
  '≤',
  '=',
  '≠',
  '< x <',
  '≤ x ≤',
  '≤ x <',
  '< x ≤',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export interface ConditionalFormattingRule {
  column: string;
  operator: ConditionOperator;
  colorScheme: string;
  targetValue?: number;
  targetValueLeft?: number;
  targetValueRight?: number;
}

export function parseConditionalFormatting(value: unknown): ConditionalFormattingRule[] {
  return asArray(value).flatMap((item): ConditionalFormattingRule[] => {
    if (!isRecord(item)) return [];
    const column = asOptionalString(item.column);
    const operator = CONDITION_OPERATORS.find((op) => op === item.operator);
    if (column === undefined || operator === undefined) return [];
    const targetValue = asOptionalNumber(item.targetValue);
    const targetValueLeft = asOptionalNumber(item.targetValueLeft);
    const targetValueRight = asOptionalNumber(item.targetValueRight);
    return [
      {
        column,
        operator,
        colorScheme: asOptionalString(item.colorScheme) ?? '#ACE1C4',
        ...(targetValue !== undefined ? { targetValue } : {}),
        ...(targetValueLeft !== undefined ? { targetValueLeft } : {}),
        ...(targetValueRight !== undefined ? { targetValueRight } : {}),
      },
    ];
  });
}

export function matchesRule(rule: ConditionalFormattingRule, value: number): boolean {
  const { targetValue: t, targetValueLeft: left, targetValueRight: right } = rule;
  switch (rule.operator) {
    case 'None':
      return true;
    case '>':
      return t !== undefined && value > t;
    case '<':
      return t !== undefined && value < t;
    case '≥':
      return t !== undefined && value >= t;
    case '≤':
      return t !== undefined && value <= t;
    case '=':
      return t !== undefined && value === t;
    case '≠':
      return t !== undefined && value !== t;
    case '< x <':
      return left !== undefined && right !== undefined && left < value && value < right;
    case '≤ x ≤':
      return left !== undefined && right !== undefined && left <= value && value <= right;
    case '≤ x <':
      return left !== undefined && right !== undefined && left <= value && value < right;
    case '< x ≤':
      return left !== undefined && right !== undefined && left < value && value <= right;
  }
}

/** `#RRGGBB` + opacity → `rgba(...)`; other colour strings are returned as they are. */
export function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match?.[1]) return color;
  const value = Number.parseInt(match[1], 16);
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 100) / 100;
  return `rgba(${String((value >> 16) & 255)}, ${String((value >> 8) & 255)}, ${String(value & 255)}, ${String(a)})`;
}

/**
 * Background of each matching value: the rule's colour with an opacity that grows with the value's
 * distance from the smallest matching value (0.05 … 1), so larger values stand out more.
 */
export function conditionalBackgrounds(
  rules: readonly ConditionalFormattingRule[],
  column: string,
  values: readonly (number | null)[],
): (string | undefined)[] {
  const backgrounds: (string | undefined)[] = values.map(() => undefined);
  for (const rule of rules.filter((r) => r.column === column)) {
    const matched = values.map((v) => (v !== null && matchesRule(rule, v) ? v : null));
    const numbers = matched.filter((v): v is number => v !== null);
    if (numbers.length === 0) continue;
    const min = Math.min(...numbers);
    const max = Math.max(...numbers);
    matched.forEach((v, index) => {
      if (v === null) return;
      const alpha = max === min ? 1 : 0.05 + ((v - min) / (max - min)) * 0.95;
      backgrounds[index] = withAlpha(rule.colorScheme, alpha);
    });
  }
  return backgrounds;
}
