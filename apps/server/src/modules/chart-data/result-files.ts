import { strToU8, zipSync } from 'fflate';
import { GENERIC_DATA_TYPES } from '@tessera/contracts';
import { CSV_BOM, csvLine, utcWallClock } from '@tessera/sql';
import type { Frame } from './frame';

export interface ResultFile {
  name: string;
  contentType: string;
  body: Buffer;
}

/** Timestamps as `YYYY-MM-DD HH:MM:SS` (UTC), the way Superset's CSV prints its frame. */
function cellText(value: unknown, temporal: boolean): unknown {
  if (temporal && typeof value === 'number') return utcWallClock(new Date(value));
  return value;
}

export function frameToCsv(frame: Frame): string {
  const temporal = frame.coltypes.map((type) => type === GENERIC_DATA_TYPES.TEMPORAL);
  let text = CSV_BOM + csvLine(frame.colnames);
  for (const row of frame.data)
    text += csvLine(frame.colnames.map((name, index) => cellText(row[name], temporal[index] ?? false)));
  return text;
}

const xmlEscape = (text: string): string =>
  text
    // XML 1.0 cannot hold these characters at all, escaped or not.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function xlsxCell(ref: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(text)}</t></is></c>`;
}

/** A one-sheet workbook (Office Open XML with inline strings): header row, then the data. */
export function frameToXlsx(frame: Frame): Buffer {
  const temporal = frame.coltypes.map((type) => type === GENERIC_DATA_TYPES.TEMPORAL);
  const rows = [
    frame.colnames,
    ...frame.data.map((row) => frame.colnames.map((name, i) => cellText(row[name], temporal[i] ?? false))),
  ];
  const sheetRows = rows
    .map(
      (values, r) =>
        `<row r="${r + 1}">${values.map((value, c) => xlsxCell(`${columnName(c)}${r + 1}`, value)).join('')}</row>`,
    )
    .join('');
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  };
  return Buffer.from(zipSync(files));
}

const CSV_TYPE = 'text/csv; charset=utf-8';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One query → its file; several → a ZIP of `query_N.<ext>` (reference §5.2). */
export function resultFile(frames: readonly Frame[], format: 'csv' | 'xlsx', baseName: string): ResultFile {
  const encode = (frame: Frame): Buffer =>
    format === 'csv' ? Buffer.from(frameToCsv(frame), 'utf8') : frameToXlsx(frame);
  const [only] = frames;
  if (frames.length === 1 && only)
    return {
      name: `${baseName}.${format}`,
      contentType: format === 'csv' ? CSV_TYPE : XLSX_TYPE,
      body: encode(only),
    };
  const entries = Object.fromEntries(
    frames.map((frame, index) => [`query_${index + 1}.${format}`, new Uint8Array(encode(frame))]),
  );
  return { name: `${baseName}.zip`, contentType: 'application/zip', body: Buffer.from(zipSync(entries)) };
}

export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9 ._-]+/g, '_').slice(0, 150);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
