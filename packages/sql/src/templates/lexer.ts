import { syntaxError } from './template-error';

export type TokenKind =
  | 'text'
  | 'var_begin'
  | 'var_end'
  | 'block_begin'
  | 'block_end'
  | 'name'
  | 'string'
  | 'number'
  | 'op'
  | 'eof';

export interface Token {
  kind: TokenKind;
  /** Text content, decoded string literal, number source, operator or name. */
  value: string;
  line: number;
}

const OPERATORS = [
  '**',
  '//',
  '==',
  '!=',
  '<=',
  '>=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '~',
  '<',
  '>',
  '=',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  ':',
  '|',
];

const CLOSING_BRACKET = new Map([
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
]);
const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;
const NUMBER = /[0-9][0-9_]*(?:\.[0-9][0-9_]*)?(?:[eE][+-]?[0-9]+)?/y;
const ENDRAW = /\{%(-?)\s*endraw\s*(-?)%\}/g;
const SIMPLE_ESCAPES = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['0', '\0'],
  ['b', '\b'],
  ['f', '\f'],
  ['v', '\v'],
  ['\\', '\\'],
  ["'", "'"],
  ['"', '"'],
  ['\n', ''],
]);

function countNewlines(text: string): number {
  let count = 0;
  let at = text.indexOf('\n');
  while (at !== -1) {
    count++;
    at = text.indexOf('\n', at + 1);
  }
  return count;
}

/**
 * Splits a template into text and tag tokens. Tags are tokenized here (not just cut at the next
 * `}}`) so that a `}}` inside a string literal or a dict literal does not end the tag.
 */
export function tokenize(source: string): Token[] {
  return new Lexer(source).run();
}

class Lexer {
  private pos = 0;
  private line = 1;
  private readonly tokens: Token[] = [];
  /** Set by a `-%}` / `-}}` / `-#}`: the next text loses its leading whitespace. */
  private stripNextText = false;

  constructor(private readonly src: string) {}

  run(): Token[] {
    const { src } = this;
    while (this.pos < src.length) {
      const open = this.findTagStart(this.pos);
      const end = open === -1 ? src.length : open;
      const stripBefore = open !== -1 && src[open + 2] === '-';
      this.pushText(src.slice(this.pos, end), stripBefore);
      if (open === -1) break;
      this.pos = open;
      const opener = src.slice(open, open + 2);
      if (opener === '{#') this.skipComment();
      else this.lexTag(opener === '{{' ? 'var' : 'block');
    }
    this.tokens.push({ kind: 'eof', value: '', line: this.line });
    return this.tokens;
  }

  private findTagStart(from: number): number {
    let at = this.src.indexOf('{', from);
    while (at !== -1) {
      const next = this.src[at + 1];
      if (next === '{' || next === '%' || next === '#') return at;
      at = this.src.indexOf('{', at + 1);
    }
    return -1;
  }

  private pushText(raw: string, stripEnd: boolean): void {
    const line = this.line;
    this.line += countNewlines(raw);
    let text = raw;
    if (this.stripNextText) text = text.trimStart();
    if (stripEnd) text = text.trimEnd();
    this.stripNextText = false;
    if (text.length > 0) this.tokens.push({ kind: 'text', value: text, line });
  }

  private skipComment(): void {
    const startLine = this.line;
    const close = this.src.indexOf('#}', this.pos + 2);
    if (close === -1) throw syntaxError('the comment opened here is never closed with #}', startLine);
    this.line += countNewlines(this.src.slice(this.pos, close));
    this.stripNextText = this.src[close - 1] === '-' && close - 1 > this.pos + 1;
    this.pos = close + 2;
  }

  private lexTag(kind: 'var' | 'block'): void {
    const { src } = this;
    const startLine = this.line;
    const firstToken = this.tokens.length;
    this.tokens.push({ kind: kind === 'var' ? 'var_begin' : 'block_begin', value: '', line: startLine });
    this.pos += 2;
    if (src[this.pos] === '-' || src[this.pos] === '+') this.pos++;
    const closer = kind === 'var' ? '}}' : '%}';
    const brackets: string[] = [];
    for (;;) {
      this.skipWhitespace();
      if (this.pos >= src.length) {
        const tag = kind === 'var' ? '{{' : '{%';
        throw syntaxError(`the tag ${tag} opened here is never closed with ${closer}`, startLine);
      }
      if (brackets.length === 0) {
        if (src.startsWith(closer, this.pos)) {
          this.pos += 2;
          break;
        }
        if (src[this.pos] === '-' && src.startsWith(closer, this.pos + 1)) {
          this.pos += 3;
          this.stripNextText = true;
          break;
        }
      }
      this.lexExpressionToken(brackets);
    }
    this.tokens.push({ kind: kind === 'var' ? 'var_end' : 'block_end', value: '', line: this.line });
    if (kind === 'block') this.maybeRaw(firstToken, startLine);
  }

  /** `{% raw %}` is resolved here: everything up to `{% endraw %}` becomes one text token. */
  private maybeRaw(firstToken: number, startLine: number): void {
    const tag = this.tokens.slice(firstToken);
    if (tag.length !== 3 || tag[1]?.kind !== 'name' || tag[1].value !== 'raw') return;
    this.tokens.length = firstToken;
    ENDRAW.lastIndex = this.pos;
    const match = ENDRAW.exec(this.src);
    if (match === null)
      throw syntaxError('the raw block opened here is never closed with {% endraw %}', startLine);
    this.pushText(this.src.slice(this.pos, match.index), match[1] === '-');
    this.line += countNewlines(match[0]);
    this.pos = match.index + match[0].length;
    this.stripNextText = match[2] === '-';
  }

  private skipWhitespace(): void {
    const { src } = this;
    while (this.pos < src.length) {
      const ch = src[this.pos];
      if (ch === '\n') this.line++;
      else if (ch !== ' ' && ch !== '\t' && ch !== '\r') break;
      this.pos++;
    }
  }

  private lexExpressionToken(brackets: string[]): void {
    const { src } = this;
    const ch = src[this.pos] ?? '';
    const line = this.line;
    if (NAME_START.test(ch)) {
      const start = this.pos;
      while (this.pos < src.length && NAME_PART.test(src[this.pos] ?? '')) this.pos++;
      this.tokens.push({ kind: 'name', value: src.slice(start, this.pos), line });
      return;
    }
    if (DIGIT.test(ch)) {
      NUMBER.lastIndex = this.pos;
      const match = NUMBER.exec(src);
      const text = match?.[0] ?? ch;
      this.pos += text.length;
      this.tokens.push({ kind: 'number', value: text, line });
      return;
    }
    if (ch === "'" || ch === '"') {
      this.tokens.push({ kind: 'string', value: this.lexString(ch), line });
      return;
    }
    const op = OPERATORS.find((candidate) => src.startsWith(candidate, this.pos));
    if (op === undefined) throw syntaxError(`unexpected character '${ch}'`, line);
    this.pos += op.length;
    const closing = CLOSING_BRACKET.get(op);
    if (closing !== undefined) brackets.push(closing);
    else if (op === ')' || op === ']' || op === '}') {
      const expected = brackets.pop();
      if (expected !== op) throw syntaxError(`unexpected '${op}'`, line);
    }
    this.tokens.push({ kind: 'op', value: op, line });
  }

  private lexString(quote: string): string {
    const { src } = this;
    const startLine = this.line;
    let out = '';
    this.pos++;
    for (;;) {
      if (this.pos >= src.length) throw syntaxError('unterminated string literal', startLine);
      const ch = src[this.pos] ?? '';
      if (ch === quote) {
        this.pos++;
        return out;
      }
      if (ch === '\n') this.line++;
      if (ch !== '\\') {
        out += ch;
        this.pos++;
        continue;
      }
      const next = src[this.pos + 1] ?? '';
      const simple = SIMPLE_ESCAPES.get(next);
      if (simple !== undefined) {
        out += simple;
        if (next === '\n') this.line++;
        this.pos += 2;
        continue;
      }
      const hexLength = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
      const hex = src.slice(this.pos + 2, this.pos + 2 + hexLength);
      if (hexLength > 0 && hex.length === hexLength && /^[0-9a-fA-F]+$/.test(hex)) {
        const code = Number.parseInt(hex, 16);
        if (code > 0x10ffff) throw syntaxError(`invalid escape \\${next}${hex}`, this.line);
        out += String.fromCodePoint(code);
        this.pos += 2 + hexLength;
        continue;
      }
      // Python keeps unknown escapes as written, backslash included.
      out += '\\';
      this.pos++;
    }
  }
}
