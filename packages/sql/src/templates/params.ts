import { TemplateError } from './template-error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses SQL Lab's `templateParams` (a JSON string). Empty input means no parameters. JSON.parse
 * stores a `"__proto__"` key as an ordinary own property, so a hostile payload cannot change any
 * prototype here; the engine later refuses to look that name up at all.
 */
export function parseTemplateParams(json: string | null | undefined): Record<string, unknown> {
  if (json === null || json === undefined || json.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TemplateError('type', `Template parameters are not valid JSON: ${reason}`);
  }
  if (!isRecord(parsed)) {
    const kind = parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`;
    throw new TemplateError('type', `Template parameters must be a JSON object, not ${kind}`);
  }
  return parsed;
}
