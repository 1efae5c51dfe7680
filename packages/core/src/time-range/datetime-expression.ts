import { addUnits, lastDayOf, requireTimeUnit, truncateToUnit } from './calendar';
import { parseHumanDatetime } from './human-datetime';
import { TimeRangeError } from './time-range-error';

/**
 * Superset's time expression language (its `datetime_eval`), read by a small recursive-descent parser —
 * never evaluated as code:
 *   DATETIME("<human datetime>")            DATEADD(<expr>, <integer>, <unit>)
 *   DATETRUNC(<expr>, <unit>)               LASTDAY(<expr>, year|quarter|month|week)
 * Function and unit names are case-insensitive; strings take single or double quotes.
 */
type Token =
  | { kind: 'word'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'punct'; text: '(' | ')' | ',' };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source.charAt(i);
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: 'punct', text: char });
      i += 1;
    } else if (char === '"' || char === "'") {
      const end = source.indexOf(char, i + 1);
      if (end < 0) throw new TimeRangeError(`Unterminated string in time expression "${source}"`);
      tokens.push({ kind: 'string', text: source.slice(i + 1, end) });
      i = end + 1;
    } else {
      const match = /^(?:[+-]?\d+|[A-Za-z_]+)/.exec(source.slice(i));
      if (!match) throw new TimeRangeError(`Unexpected "${char}" in time expression "${source}"`);
      const text = match[0];
      tokens.push(/\d/.test(text) ? { kind: 'number', value: Number(text) } : { kind: 'word', text });
      i += text.length;
    }
  }
  return tokens;
}

class ExpressionParser {
  private position = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
    private readonly now: Date,
  ) {}

  parse(): Date {
    const value = this.expression();
    if (this.position !== this.tokens.length) this.fail('unexpected text after the expression');
    return value;
  }

  private fail(why: string): never {
    throw new TimeRangeError(`Invalid time expression "${this.source}": ${why}`);
  }

  private next(): Token {
    const token = this.tokens[this.position];
    if (!token) this.fail('it ends too early');
    this.position += 1;
    return token;
  }

  private punct(text: '(' | ')' | ','): void {
    const token = this.next();
    if (token.kind !== 'punct' || token.text !== text) this.fail(`expected "${text}"`);
  }

  private word(): string {
    const token = this.next();
    if (token.kind !== 'word') this.fail('expected a name');
    return token.text;
  }

  private expression(): Date {
    const name = this.word().toUpperCase();
    this.punct('(');
    let value: Date;
    switch (name) {
      case 'DATETIME': {
        const token = this.next();
        if (token.kind !== 'string') this.fail('DATETIME takes a quoted string');
        value = parseHumanDatetime(token.text, this.now);
        break;
      }
      case 'DATEADD': {
        const base = this.expression();
        this.punct(',');
        const amount = this.next();
        if (amount.kind !== 'number') this.fail('DATEADD takes an integer amount');
        this.punct(',');
        value = addUnits(base, amount.value, requireTimeUnit(this.word()));
        break;
      }
      case 'DATETRUNC': {
        const base = this.expression();
        this.punct(',');
        value = truncateToUnit(base, requireTimeUnit(this.word()));
        break;
      }
      case 'LASTDAY': {
        const base = this.expression();
        this.punct(',');
        const unit = requireTimeUnit(this.word(), ['year', 'quarter', 'month', 'week']);
        if (unit !== 'year' && unit !== 'quarter' && unit !== 'month' && unit !== 'week')
          this.fail('bad unit');
        value = lastDayOf(base, unit);
        break;
      }
      default:
        this.fail(`unknown function ${name} (use DATETIME, DATEADD, DATETRUNC or LASTDAY)`);
    }
    this.punct(')');
    return value;
  }
}

export const DATETIME_EXPRESSION = /^\s*(DATETIME|DATEADD|DATETRUNC|LASTDAY|HOLIDAY)\s*\(/i;

export function evaluateDatetimeExpression(source: string, now: Date): Date {
  return new ExpressionParser(tokenize(source), source, now).parse();
}
