/**
 * A formula annotation's expression in `x` (Superset draws `y = f(x)` over the chart's x values):
 * numbers, `x`, + - * / ^ (or **), parentheses, unary minus and a few functions. Parsed by hand into
 * a closure: the text comes from form data anyone can save, so it is never given to `eval`.
 */
export type Formula = (x: number) => number;

const FUNCTIONS: Readonly<Record<string, (value: number) => number>> = {
  abs: Math.abs,
  sqrt: Math.sqrt,
  exp: Math.exp,
  log: Math.log,
  ln: Math.log,
  log10: Math.log10,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  floor: Math.floor,
  ceil: Math.ceil,
  round: Math.round,
};

const TOKEN = /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/^()]))/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (match === null) {
      if (text.slice(start).trim() === '') break;
      throw new Error(`Unexpected character at ${start + 1}`);
    }
    tokens.push(match[1] ?? match[2] ?? (match[3] === '**' ? '^' : (match[3] ?? '')));
  }
  return tokens;
}

/** Parses `text`; throws with a short reason when it is not a formula in x. */
export function parseFormula(text: string): Formula {
  const tokens = tokenize(text);
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  const take = (): string => {
    const token = tokens[at];
    if (token === undefined) throw new Error('Unexpected end of formula');
    at += 1;
    return token;
  };

  // expression := term (('+' | '-') term)*
  const expression = (): Formula => {
    let left = term();
    for (let op = peek(); op === '+' || op === '-'; op = peek()) {
      take();
      const a = left;
      const b = term();
      left = op === '+' ? (x) => a(x) + b(x) : (x) => a(x) - b(x);
    }
    return left;
  };
  // term := unary (('*' | '/') unary)*
  const term = (): Formula => {
    let left = unary();
    for (let op = peek(); op === '*' || op === '/'; op = peek()) {
      take();
      const a = left;
      const b = unary();
      left = op === '*' ? (x) => a(x) * b(x) : (x) => a(x) / b(x);
    }
    return left;
  };
  // unary := '-' unary | power
  const unary = (): Formula => {
    if (peek() === '-') {
      take();
      const inner = unary();
      return (x) => -inner(x);
    }
    if (peek() === '+') take();
    return power();
  };
  // power := atom ('^' unary)?   (right-associative, binds tighter than unary minus on its left)
  const power = (): Formula => {
    const base = atom();
    if (peek() !== '^') return base;
    take();
    const exponent = unary();
    return (x) => base(x) ** exponent(x);
  };
  const atom = (): Formula => {
    const token = take();
    if (token === '(') {
      const inner = expression();
      if (take() !== ')') throw new Error('Missing )');
      return inner;
    }
    if (/^[\d.]/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    if (token === 'x') return (x) => x;
    const fn = Object.hasOwn(FUNCTIONS, token) ? FUNCTIONS[token] : undefined;
    if (fn !== undefined) {
      if (take() !== '(') throw new Error(`${token} needs (`);
      const argument = expression();
      if (take() !== ')') throw new Error('Missing )');
      return (x) => fn(argument(x));
    }
    throw new Error(`Unknown name ${token}`);
  };

  const formula = expression();
  if (at !== tokens.length) throw new Error(`Unexpected ${tokens[at] ?? ''}`);
  return formula;
}
