/** One statement of a script: its text and where it sits (offsets into the script, end exclusive). */
export interface Statement {
  from: number;
  to: number;
  text: string;
}

/**
 * Where each `;`-terminated statement of a script ends, skipping semicolons inside quotes, quoted
 * identifiers, comments and PostgreSQL dollar-quoted strings.
 */
function statementEnds(sql: string): number[] {
  const ends: number[] = [];
  let index = 0;
  while (index < sql.length) {
    const char = sql[index];
    const next = sql[index + 1];
    if (char === "'" || char === '"' || char === '`') {
      index = closingQuote(sql, index, char);
    } else if (char === '-' && next === '-') {
      const newline = sql.indexOf('\n', index);
      index = newline === -1 ? sql.length : newline;
    } else if (char === '/' && next === '*') {
      const close = sql.indexOf('*/', index + 2);
      index = close === -1 ? sql.length : close + 2;
    } else if (char === '$') {
      index = dollarQuoteEnd(sql, index);
    } else {
      if (char === ';') ends.push(index);
      index += 1;
    }
  }
  return ends;
}

function closingQuote(sql: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < sql.length) {
    if (sql[index] === '\\' && quote !== '"') {
      index += 2;
    } else if (sql[index] === quote) {
      // A doubled quote is an escaped quote inside the string.
      if (sql[index + 1] !== quote) return index + 1;
      index += 2;
    } else {
      index += 1;
    }
  }
  return sql.length;
}

function dollarQuoteEnd(sql: string, start: number): number {
  const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(start, start + 64))?.[0];
  if (tag === undefined) return start + 1;
  const close = sql.indexOf(tag, start + tag.length);
  return close === -1 ? sql.length : close + tag.length;
}

/** The statements of a script, without empty ones; each keeps its text trimmed and without the `;`. */
export function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  let from = 0;
  for (const end of [...statementEnds(sql), sql.length]) {
    const raw = sql.slice(from, end);
    const text = raw.trim();
    if (text !== '') {
      const lead = raw.length - raw.trimStart().length;
      statements.push({ from: from + lead, to: from + lead + text.length, text });
    }
    from = end + 1;
  }
  return statements;
}

/**
 * The statement under the cursor: the one whose text contains it, else the closest one before it
 * (the cursor sits after a statement's `;` or in blank lines), else the first.
 */
export function statementAt(sql: string, cursor: number): Statement | null {
  const statements = splitStatements(sql);
  let found: Statement | null = statements[0] ?? null;
  for (const statement of statements) {
    if (statement.from <= cursor) found = statement;
    if (cursor <= statement.to && cursor >= statement.from) return statement;
  }
  return found;
}
