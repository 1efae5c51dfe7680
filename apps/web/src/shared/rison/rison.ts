/** The values rison can carry: JSON without undefined. */
export type RisonValue =
  | null
  | boolean
  | number
  | string
  | readonly RisonValue[]
  | { readonly [key: string]: RisonValue | undefined };

// Characters that end a bare identifier, and those that may not start one (they would read as a number).
const NOT_ID_CHAR = ` '!:(),*@$`;
const NOT_ID_START = '-0123456789';
const ID_PATTERN = new RegExp(
  `^[^${escapeClass(NOT_ID_START + NOT_ID_CHAR)}][^${escapeClass(NOT_ID_CHAR)}]*$`,
);

function escapeClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, (char) => `\\${char}`);
}

function encodeString(value: string): string {
  if (value !== '' && ID_PATTERN.test(value)) return value;
  return `'${value.replace(/[!']/g, (char) => `!${char}`)}'`;
}

function encodeNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`rison cannot encode ${String(value)}`);
  // Rison writes exponents without '+': 1e+21 -> 1e21.
  return String(value).replace('e+', 'e');
}

/** Encodes a value as rison (the `q=` format of list endpoints). Object keys keep their order; undefined members are left out. */
export function encodeRison(value: RisonValue): string {
  if (value === null) return '!n';
  if (value === true) return '!t';
  if (value === false) return '!f';
  if (typeof value === 'number') return encodeNumber(value);
  if (typeof value === 'string') return encodeString(value);
  if (isArray(value)) return `!(${value.map(encodeRison).join(',')})`;
  const members: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (member !== undefined) members.push(`${encodeString(key)}:${encodeRison(member)}`);
  }
  return `(${members.join(',')})`;
}

// Array.isArray does not narrow readonly arrays.
function isArray(value: RisonValue): value is readonly RisonValue[] {
  return Array.isArray(value);
}
