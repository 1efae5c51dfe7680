import type { ControlValidatorSpec, ExploreFormData, PanelShape } from './form-data';
import { panelControls } from './form-data';

/** The server's row cap when bootstrap does not give SQL_MAX_ROW (spec 001 §5 'Row limit'). */
export const FALLBACK_MAX_ROW_LIMIT = 100_000;

export const VALIDATION_MESSAGES = {
  nonEmpty: 'cannot be empty',
  integer: 'is expected to be an integer',
  positiveInteger: 'is expected to be a positive integer',
  max: 'Value cannot exceed %s',
  orderby: 'Found invalid orderby options',
} as const;

export interface ValidationContext {
  /** SQL_MAX_ROW from the bootstrap conf. */
  sqlMaxRow?: number | null;
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** A number, or a string of digits typed into a text box. */
function asInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number(value);
  return null;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** The message one validator gives for a value, or null when the value passes. */
export function validateValue(
  validator: ControlValidatorSpec,
  value: unknown,
  context: ValidationContext = {},
): string | null {
  switch (validator.kind) {
    case 'nonEmpty':
      return isEmptyValue(value) ? VALIDATION_MESSAGES.nonEmpty : null;
    case 'integer':
      // An empty optional field is valid; nonEmpty is the validator that requires a value.
      if (isEmptyValue(value)) return null;
      return asInteger(value) === null ? VALIDATION_MESSAGES.integer : null;
    case 'positiveInteger': {
      if (isEmptyValue(value)) return null;
      const integer = asInteger(value);
      if (integer === null) return VALIDATION_MESSAGES.integer;
      return integer > 0 ? null : VALIDATION_MESSAGES.positiveInteger;
    }
    case 'max': {
      const number = asNumber(value);
      if (number === null) return null;
      const max = validator.max ?? context.sqlMaxRow ?? FALLBACK_MAX_ROW_LIMIT;
      return number > max ? VALIDATION_MESSAGES.max.replace('%s', String(max)) : null;
    }
  }
}

/** All messages of a control's validators for a value, in declaration order, without repeats. */
export function validateControl(
  validators: readonly ControlValidatorSpec[] | undefined,
  value: unknown,
  context: ValidationContext = {},
): string[] {
  const messages: string[] = [];
  for (const validator of validators ?? []) {
    const message = validateValue(validator, value, context);
    if (message !== null && !messages.includes(message)) messages.push(message);
  }
  return messages;
}

export type OrderByPair = [unknown, boolean];

/**
 * Orderby as saved charts hold it: `[[column or metric, ascending], …]`, each pair possibly a JSON
 * string (Superset's select control stores `'["num", false]'`). Null when any entry is malformed.
 */
export function parseOrderBy(value: unknown): OrderByPair[] | null {
  if (isEmptyValue(value)) return [];
  if (!Array.isArray(value)) return null;
  const pairs: OrderByPair[] = [];
  for (const entry of value) {
    let pair: unknown = entry;
    if (typeof entry === 'string') {
      try {
        pair = JSON.parse(entry) as unknown;
      } catch {
        return null;
      }
    }
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[1] !== 'boolean') return null;
    const [subject, ascending] = pair as [unknown, boolean];
    if (subject === null || subject === undefined || subject === '') return null;
    pairs.push([subject, ascending]);
  }
  return pairs;
}

export type ValidationErrors = Record<string, string[]>;

/**
 * Validation of the whole form: each visible control's validators, plus the orderby check. Hidden
 * controls are not validated (their values are not sent). Only controls with messages appear.
 */
export function validateFormData(
  panel: PanelShape,
  formData: ExploreFormData,
  context: ValidationContext = {},
): ValidationErrors {
  const errors: ValidationErrors = {};
  for (const control of panelControls(panel)) {
    if (control.visibility !== undefined && !control.visibility(formData)) continue;
    const messages = validateControl(control.validators, formData[control.name], context);
    if (messages.length > 0) errors[control.name] = messages;
  }
  if ('orderby' in formData && parseOrderBy(formData.orderby) === null) {
    errors.orderby = [...(errors.orderby ?? []), VALIDATION_MESSAGES.orderby];
  }
  return errors;
}

/** Control errors merged with errors passed in (spec 001 §5 'Explore validation errors merge'). */
export function mergeValidationErrors(...sources: readonly ValidationErrors[]): ValidationErrors {
  const merged: ValidationErrors = {};
  for (const source of sources) {
    for (const [name, messages] of Object.entries(source)) {
      const existing = merged[name] ?? [];
      merged[name] = [...existing, ...messages.filter((message) => !existing.includes(message))];
    }
  }
  return merged;
}

export function hasValidationErrors(errors: ValidationErrors): boolean {
  return Object.values(errors).some((messages) => messages.length > 0);
}
