/** UTF-8 byte order mark: spreadsheet programs need it to read the file as UTF-8 (utf-8-sig). */
export const CSV_BOM = '\uFEFF';

/** One RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    text = String(value);
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = '';
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** An attachment name from the tab title: safe ASCII in `filename`, the full title in `filename*`. */
export function contentDisposition(title: string, clientId: string): string {
  const base = title.trim() === '' ? 'query' : title.trim();
  const ascii = `${base.replace(/[^A-Za-z0-9 ._-]+/g, '_').slice(0, 100)}_${clientId}.csv`;
  const full = `${base.slice(0, 100)}_${clientId}.csv`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}
