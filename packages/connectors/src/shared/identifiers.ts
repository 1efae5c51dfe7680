// Words that need quoting in at least one supported dialect; quoting them everywhere is harmless.
const RESERVED = new Set(
  `all alter analyse analyze and any array as asc asymmetric authorization between binary both by case cast check
  collate column constraint create cross current_catalog current_date current_role current_schema current_time
  current_timestamp current_user database databases date default deferrable delete desc describe distinct do drop
  else end except exists explain false fetch filter first for foreign freeze from full grant group having ilike in
  index initially inner insert intersect interval into is isnull join key keys lateral leading left like limit
  localtime localtimestamp natural not notnull null offset on only or order outer over overlaps partition pivot
  placing primary qualify range references rename returning right row rows schema select session_user set show
  similar some symmetric table tablesample then time timestamp to trailing true union unique unpivot update user
  using values variadic verbose when where window with`.split(/\s+/),
);

/** Wraps a name in the given quote character, doubling embedded quotes. */
export function quoteWith(name: string, quote: '"' | '`'): string {
  return `${quote}${name.split(quote).join(quote + quote)}${quote}`;
}

/**
 * Quotes only when the name would not survive unquoted: reserved words, special characters, and
 * (for case-folding engines like PostgreSQL) upper-case letters.
 */
export function quoteIfNeeded(name: string, quote: '"' | '`', foldsToLowerCase: boolean): string {
  const plain = foldsToLowerCase ? /^[a-z_][a-z0-9_$]*$/ : /^[A-Za-z_][A-Za-z0-9_$]*$/;
  if (plain.test(name) && !RESERVED.has(name.toLowerCase())) return name;
  return quoteWith(name, quote);
}

/**
 * `SELECT a,\n       b\nFROM schema.table\nLIMIT 100`, formatted the way an SQL reindenter would,
 * so it reads well in the editor.
 */
export function buildSelectStar(
  quote: (name: string) => string,
  table: string,
  schema: string | null,
  columns: string[],
  limit = 100,
): string {
  const from = schema ? `${quote(schema)}.${quote(table)}` : quote(table);
  const cols = columns.length > 0 ? columns.map(quote).join(',\n       ') : '*';
  const limitClause = limit > 0 ? `\nLIMIT ${Math.floor(limit)}` : '';
  return `SELECT ${cols}\nFROM ${from}${limitClause}`;
}
