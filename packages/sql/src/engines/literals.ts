/** `'text'` with quotes doubled: a standard SQL string. */
export function plainQuoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS[.fff]` in UTC. */
export function utcWallClock(value: Date): string {
  const base = `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  const ms = value.getUTCMilliseconds();
  return ms === 0 ? base : `${base}.${pad(ms, 3)}`;
}

export const typedTimestamp = (value: Date): string => `TIMESTAMP '${utcWallClock(value)}'`;

export const lowerLike = (expression: string, pattern: string, negate: boolean): string =>
  `LOWER(${expression}) ${negate ? 'NOT LIKE' : 'LIKE'} LOWER(${pattern})`;

export const nativeIlike = (expression: string, pattern: string, negate: boolean): string =>
  `${expression} ${negate ? 'NOT ILIKE' : 'ILIKE'} ${pattern}`;

export const limitOffset = (limit: number, offset: number): string =>
  offset > 0 ? `LIMIT ${limit} OFFSET ${offset}` : `LIMIT ${limit}`;

/** Quote characters inside the name are doubled, the one escape every engine reads in identifiers. */
export const quoteWith =
  (mark: '"' | '`') =>
  (name: string): string =>
    `${mark}${name.split(mark).join(mark + mark)}${mark}`;
