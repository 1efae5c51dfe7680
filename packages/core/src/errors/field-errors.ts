import { isRecord, nonEmptyString } from './is-record';

/**
 * The per-field messages of a validation failure body `{message: {field: [messages]}}` (400 or 422),
 * or undefined when the body has none. A field given a single string is read as a one-item list.
 */
export function fieldErrorsFromBody(body: unknown): Record<string, string[]> | undefined {
  if (!isRecord(body) || !isRecord(body.message)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body.message)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    const messages = items.map(nonEmptyString).filter((text): text is string => text !== undefined);
    if (messages.length > 0) fields[field] = messages;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}
