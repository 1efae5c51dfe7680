/** True for a plain JSON object (not null, not an array): the one guard every package narrows input with. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
