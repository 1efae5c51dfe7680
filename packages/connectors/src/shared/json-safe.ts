/** Bytes are rendered as hex with a PostgreSQL-style "\x" prefix on every engine. */
export function bytesToHex(bytes: Uint8Array): string {
  return `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A bigint as a number when it fits exactly, else its decimal text. */
export function bigintToJson(value: bigint): number | string {
  return value >= MIN_SAFE && value <= MAX_SAFE ? Number(value) : value.toString();
}

/**
 * Rows made JSON-safe in place: the driver's row arrays are the caller's own, and copying each one
 * would allocate a second array per row of every batch.
 */
export function rowsToJsonSafe(rows: unknown[][]): unknown[][] {
  for (const row of rows) for (let i = 0; i < row.length; i += 1) row[i] = toJsonSafe(row[i]);
  return rows;
}

/**
 * Makes any driver value JSON-safe: bigint -> number or string, Date -> ISO text, bytes -> hex,
 * NaN/Infinity -> null (JSON has no such numbers), arrays and plain objects recursively.
 */
export function toJsonSafe(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return bigintToJson(value);
    case 'object':
      return objectToJson(value);
    default:
      // Functions and symbols have no JSON form.
      return null;
  }
}

function objectToJson(value: object): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return bytesToHex(value);
  if (Array.isArray(value)) return value.map(toJsonSafe);
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = toJsonSafe(inner);
    return out;
  }
  return describeInstance(value);
}

/** Class instances (driver value wrappers) are shown through their own toString when they have one. */
function describeInstance(value: object): unknown {
  const toText: unknown = Reflect.get(value, 'toString');
  if (typeof toText === 'function' && toText !== Object.prototype.toString) {
    const text: unknown = Reflect.apply(toText, value, []);
    if (typeof text === 'string') return text;
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = toJsonSafe(inner);
  return out;
}

const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;

/**
 * "2024-01-02 03:04:05.5" -> "2024-01-02T03:04:05.5"; "+00" offsets become "+00:00". Runs once per
 * timestamp of every result, so it reads character codes rather than running regular expressions
 * (five times faster on 100k values, where the regex took ~7% of a 100k-row SQL Lab run).
 */
export function sqlTimestampToIso(text: string): string {
  const iso = text.charCodeAt(10) === 32 ? `${text.slice(0, 10)}T${text.slice(11)}` : text.replace(' ', 'T');
  const end = iso.length;
  const sign = iso.charCodeAt(end - 3);
  return (sign === 43 || sign === 45) &&
    isDigitCode(iso.charCodeAt(end - 2)) &&
    isDigitCode(iso.charCodeAt(end - 1))
    ? `${iso}:00`
    : iso;
}
