/** Why a template parameters text is not usable, or null when it is blank or a JSON object. */
export function templateParamsError(text: string): string | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? null
    : 'Template parameters must be a JSON object, e.g. {"limit": 10}';
}

/** The parsed parameters of a valid text (blank → null). */
export function parseTemplateParams(text: string | null): Record<string, unknown> | null {
  if (text === null || templateParamsError(text) !== null || text.trim() === '') return null;
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : null;
}
