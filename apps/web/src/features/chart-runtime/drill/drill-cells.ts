/** How a drill table shows a value: times as UTC dates (the server sends epoch milliseconds), nulls as N/A. */
export function drillCellText(value: unknown, temporal: boolean): string {
  if (value === null || value === undefined) return 'N/A';
  if (temporal && typeof value === 'number' && Number.isFinite(value)) {
    const text = new Date(value)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d{3}Z$/, '');
    return text.endsWith(' 00:00:00') ? text.slice(0, -' 00:00:00'.length) : text;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/** Row keys for a table of result rows, which carry no id: each row object's place in its page. */
export function rowKeys(rows: readonly object[]): (row: object) => string {
  const places = new Map(rows.map((row, index) => [row, String(index)]));
  return (row) => places.get(row) ?? '';
}
