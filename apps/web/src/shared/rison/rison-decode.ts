import type { RisonValue } from './rison';

// Characters that end a bare identifier (the encoder's set, see rison.ts).
const NOT_ID_CHAR = new Set(` '!:(),*@$`);
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?/;

/** Thrown for text that is not rison; the message says where. */
export class RisonSyntaxError extends Error {}

class Reader {
  index = 0;
  constructor(readonly text: string) {}

  fail(what: string): never {
    throw new RisonSyntaxError(`rison: ${what} at ${String(this.index)}`);
  }

  peek(): string | undefined {
    return this.text[this.index];
  }

  expect(char: string): void {
    if (this.text[this.index] !== char) this.fail(`expected '${char}'`);
    this.index += 1;
  }

  value(): RisonValue {
    const char = this.peek();
    if (char === undefined) return this.fail('unexpected end');
    if (char === '(') return this.object();
    if (char === "'") return this.quoted();
    if (char === '!') return this.bang();
    if (char === '-' || (char >= '0' && char <= '9')) return this.number();
    return this.identifier();
  }

  object(): Record<string, RisonValue> {
    this.expect('(');
    const members: Record<string, RisonValue> = {};
    while (this.peek() !== ')') {
      if (Object.keys(members).length > 0) this.expect(',');
      const key = this.peek() === "'" ? this.quoted() : this.identifier();
      this.expect(':');
      members[key] = this.value();
    }
    this.expect(')');
    return members;
  }

  list(): RisonValue[] {
    this.expect('(');
    const items: RisonValue[] = [];
    while (this.peek() !== ')') {
      if (items.length > 0) this.expect(',');
      items.push(this.value());
    }
    this.expect(')');
    return items;
  }

  bang(): RisonValue {
    this.expect('!');
    const char = this.peek();
    if (char === '(') return this.list();
    this.index += 1;
    if (char === 't') return true;
    if (char === 'f') return false;
    if (char === 'n') return null;
    return this.fail('unknown ! constant');
  }

  quoted(): string {
    this.expect("'");
    let text = '';
    for (;;) {
      const char = this.peek();
      if (char === undefined) return this.fail('unterminated string');
      this.index += 1;
      if (char === "'") return text;
      if (char === '!') {
        const escaped = this.peek();
        if (escaped !== '!' && escaped !== "'") return this.fail('bad escape');
        this.index += 1;
        text += escaped;
      } else text += char;
    }
  }

  number(): number {
    const match = NUMBER.exec(this.text.slice(this.index));
    if (match === null) return this.fail('bad number');
    this.index += match[0].length;
    return Number(match[0]);
  }

  identifier(): string {
    const start = this.index;
    while (this.index < this.text.length && !NOT_ID_CHAR.has(this.text[this.index] ?? '')) this.index += 1;
    if (this.index === start) this.fail('expected a value');
    return this.text.slice(start, this.index);
  }
}

/** Decodes rison text (`(a:1,b:!(x,'y z'))`); throws RisonSyntaxError on anything else. */
export function decodeRison(text: string): RisonValue {
  const reader = new Reader(text);
  const value = reader.value();
  if (reader.index !== text.length) reader.fail('trailing text');
  return value;
}
