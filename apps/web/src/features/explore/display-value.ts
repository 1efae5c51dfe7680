/** A cell or control value as text: scalars as themselves, anything else as JSON. */
export function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value === undefined) return '';
  return JSON.stringify(value);
}
