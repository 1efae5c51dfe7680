import { reportValidatorConfigSchema, type ReportValidatorConfig } from '@tessera/contracts';

/** Superset's alert errors (reports/commands/exceptions.py), kept word for word in the log. */
export const ALERT_MESSAGES = {
  multipleRows: (count: number) => `Alert query returned more than one row. ${count} rows returned`,
  multipleColumns: (count: number) => `Alert query returned more than one column. ${count} columns returned`,
  invalidType: 'Alert query returned a non-number value.',
  validatorConfig: 'Alert validator config error.',
  queryError: 'Alert found an error while executing a query.',
  timeout: 'A timeout occurred while executing the query.',
} as const;

/** An alert whose SQL answer or validator cannot be judged; the run ends Error with this message. */
export class AlertCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AlertCheckError';
  }
}

export interface AlertVerdict {
  triggered: boolean;
  /** The number compared (operator), kept as the log's `value` and the schedule's `last_value`. */
  value: number | null;
  /** The value the query answered, as JSON text (`value_row_json`, `last_value_row_json`). */
  valueRowJson: string | null;
}

type Validator = { type: 'not null' } | { type: 'operator'; op: string; threshold: number };

/** The stored validator, or AlertCheckError 'Alert validator config error.' when it is unusable. */
export function alertValidator(validatorType: string | null, configJson: string | null): Validator {
  if (validatorType === 'not null') return { type: 'not null' };
  if (validatorType !== 'operator') throw new AlertCheckError(ALERT_MESSAGES.validatorConfig);
  let config: ReportValidatorConfig;
  try {
    config = reportValidatorConfigSchema.parse(JSON.parse(configJson ?? ''));
  } catch {
    throw new AlertCheckError(ALERT_MESSAGES.validatorConfig);
  }
  if (config.op === undefined || config.threshold === undefined)
    throw new AlertCheckError(ALERT_MESSAGES.validatorConfig);
  return { type: 'operator', op: config.op, threshold: config.threshold };
}

/** Engines hand DECIMAL and big integers over as text; booleans count as 1 and 0, as in Python. */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function compare(op: string, value: number, threshold: number): boolean {
  switch (op) {
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '==':
      return value === threshold;
    case '!=':
      return value !== threshold;
    default:
      throw new AlertCheckError(ALERT_MESSAGES.validatorConfig);
  }
}

const jsonOf = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));

/**
 * Judges an alert query's answer as Superset's AlertCommand does: at most one row of one column
 * (otherwise an error naming the counts); no row never triggers; 'not null' triggers on anything but
 * NULL, 0 and NaN; 'operator' reads NULL as 0, refuses a non-number and compares with the threshold.
 */
export function judgeAlert(
  validator: Validator,
  columnCount: number,
  rows: readonly unknown[][],
): AlertVerdict {
  if (rows.length > 1) throw new AlertCheckError(ALERT_MESSAGES.multipleRows(rows.length));
  const row = rows[0];
  if (row === undefined) {
    return { triggered: false, value: validator.type === 'operator' ? 0 : null, valueRowJson: null };
  }
  const width = Math.max(columnCount, row.length);
  if (width > 1) throw new AlertCheckError(ALERT_MESSAGES.multipleColumns(width));
  const answer = row[0] ?? null;
  if (validator.type === 'not null') {
    const number = asNumber(answer);
    const empty = answer === null || number === 0 || (typeof answer === 'number' && Number.isNaN(answer));
    return { triggered: !empty, value: number, valueRowJson: jsonOf(answer) };
  }
  let value: number;
  if (answer === null) value = 0;
  else {
    const number = asNumber(answer);
    if (number === null) throw new AlertCheckError(ALERT_MESSAGES.invalidType);
    value = number;
  }
  return {
    triggered: compare(validator.op, value, validator.threshold),
    value,
    valueRowJson: jsonOf(answer),
  };
}
