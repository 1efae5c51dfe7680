/** Bytes are rendered as hex with a PostgreSQL-style "\x" prefix on every engine. */
export function bytesToHex(bytes: Uint8Array): string {
  return `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
}

/** A bigint as a number when it fits exactly, else its decimal text. */
export function bigintToJson(value: bigint): number | string {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value.toString();
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

/** "2024-01-02 03:04:05.5" -> "2024-01-02T03:04:05.5"; "+00" offsets become "+00:00". */
export function sqlTimestampToIso(text: string): string {
  const iso = text.replace(' ', 'T');
  return iso.replace(/([+-]\d{2})$/, '$1:00');
}
