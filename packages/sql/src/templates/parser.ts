import type { Arguments, CompareOp, Expr, ForNode, IfNode, Node, SetBlockNode, SetNode } from './ast';
import { FILTERS } from './filters';
import type { Token } from './lexer';
import type { TemplateLimits } from './limits';
import { DEFINEDNESS_TESTS, PREDICATES } from './predicates';
import { forbiddenNameMessage, isForbiddenName } from './sandbox';
import { TemplateError, runtimeError, syntaxError } from './template-error';

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'is', 'if', 'else', 'elif']);
const LITERAL_NAMES = new Map<string, null | boolean>([
  ['true', true],
  ['True', true],
  ['false', false],
  ['False', false],
  ['none', null],
  ['None', null],
]);
const COMPARE_OPS: readonly CompareOp[] = ['==', '!=', '<', '<=', '>', '>='];

function isCompareOp(value: string): value is CompareOp {
  return (COMPARE_OPS as readonly string[]).includes(value);
}
const TAG_ENDS = new Set(['elif', 'else', 'endif', 'endfor', 'endset', 'endraw']);
const UNSUPPORTED_TAGS = new Set([
  'macro',
  'call',
  'include',
  'import',
  'from',
  'extends',
  'block',
  'filter',
  'with',
  'do',
  'autoescape',
  'trans',
]);

export function parse(tokens: readonly Token[], limits: TemplateLimits): Node[] {
  return new Parser(tokens, limits).parseTemplate();
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'end of template';
    case 'var_end':
      return "'}}'";
    case 'block_end':
      return "'%}'";
    case 'var_begin':
      return "'{{'";
    case 'block_begin':
      return "'{%'";
    case 'text':
      return 'text';
    case 'string':
      return 'string literal';
    default:
      return `'${token.value}'`;
  }
}

interface OpenBlock {
  tag: string;
  line: number;
}

class Parser {
  private index = 0;
  private exprDepth = 0;
  private readonly openBlocks: OpenBlock[] = [];

  constructor(
    private readonly tokens: readonly Token[],
    private readonly limits: TemplateLimits,
  ) {}

  parseTemplate(): Node[] {
    return this.parseBody([]).nodes;
  }

  // ---- token helpers ----

  private peek(offset = 0): Token {
    const token = this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
    if (token === undefined) throw new TemplateError('syntax', 'Template syntax error: empty token stream');
    return token;
  }

  private next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }

  private atOp(value: string): boolean {
    const token = this.peek();
    return token.kind === 'op' && token.value === value;
  }

  private atName(value: string): boolean {
    const token = this.peek();
    return token.kind === 'name' && token.value === value;
  }

  private expectOp(value: string): Token {
    const token = this.next();
    if (token.kind !== 'op' || token.value !== value) {
      throw syntaxError(`expected '${value}' but found ${describe(token)}`, token.line);
    }
    return token;
  }

  private expectKind(kind: Token['kind'], what: string): Token {
    const token = this.next();
    if (token.kind !== kind) throw syntaxError(`expected ${what} but found ${describe(token)}`, token.line);
    return token;
  }

  private expectBlockEnd(): void {
    this.expectKind('block_end', "'%}'");
  }

  private checkName(name: string, line: number): string {
    if (isForbiddenName(name)) throw runtimeError('type', forbiddenNameMessage(name), line);
    return name;
  }

  private identifier(what: string): Token {
    const token = this.expectKind('name', what);
    if (KEYWORDS.has(token.value) || LITERAL_NAMES.has(token.value)) {
      throw syntaxError(`expected ${what} but found the keyword '${token.value}'`, token.line);
    }
    this.checkName(token.value, token.line);
    return token;
  }

  // ---- statements ----

  /** Parses nodes until one of `endTags` opens a block tag; returns that tag with its name consumed. */
  private parseBody(endTags: readonly string[]): { nodes: Node[]; endTag: string } {
    const nodes: Node[] = [];
    for (;;) {
      const token = this.next();
      switch (token.kind) {
        case 'text':
          nodes.push({ type: 'text', value: token.value, line: token.line });
          break;
        case 'var_begin': {
          const expr = this.parseExpression();
          this.expectKind('var_end', "'}}'");
          nodes.push({ type: 'output', expr, line: token.line });
          break;
        }
        case 'block_begin': {
          const tag = this.expectKind('name', 'a tag name');
          if (endTags.includes(tag.value)) return { nodes, endTag: tag.value };
          nodes.push(this.parseStatement(tag));
          break;
        }
        case 'eof': {
          const open = this.openBlocks.at(-1);
          if (open !== undefined) {
            throw syntaxError(
              `unexpected end of template: the '${open.tag}' opened on line ${open.line} needs ${endTags.map((t) => `'${t}'`).join(' or ')}`,
              token.line,
            );
          }
          return { nodes, endTag: '' };
        }
        default:
          throw syntaxError(`unexpected ${describe(token)}`, token.line);
      }
    }
  }

  private parseStatement(tag: Token): Node {
    switch (tag.value) {
      case 'if':
        return this.inBlock(tag, () => this.parseIf(tag.line));
      case 'for':
        return this.inBlock(tag, () => this.parseFor(tag.line));
      case 'set':
        return this.inBlock(tag, () => this.parseSet(tag.line));
      default:
        break;
    }
    if (TAG_ENDS.has(tag.value)) {
      const open = this.openBlocks.at(-1);
      const hint =
        open === undefined ? '' : ` (the innermost open block is '${open.tag}' from line ${open.line})`;
      throw syntaxError(`unexpected '${tag.value}'${hint}`, tag.line);
    }
    if (UNSUPPORTED_TAGS.has(tag.value)) {
      throw syntaxError(`the tag '${tag.value}' is not supported in SQL templates`, tag.line);
    }
    throw syntaxError(`unknown tag '${tag.value}'`, tag.line);
  }

  private inBlock<T>(tag: Token, parseIt: () => T): T {
    if (this.openBlocks.length >= this.limits.maxNestingDepth) {
      throw runtimeError(
        'limit',
        `blocks are nested more than ${this.limits.maxNestingDepth} levels deep`,
        tag.line,
      );
    }
    this.openBlocks.push({ tag: tag.value, line: tag.line });
    try {
      return parseIt();
    } finally {
      this.openBlocks.pop();
    }
  }

  private parseIf(line: number): IfNode {
    const branches: IfNode['branches'] = [];
    let test = this.parseExpression();
    for (;;) {
      this.expectBlockEnd();
      const { nodes, endTag } = this.parseBody(['elif', 'else', 'endif']);
      branches.push({ test, body: nodes });
      if (endTag === 'elif') {
        test = this.parseExpression();
        continue;
      }
      this.expectBlockEnd();
      if (endTag === 'endif') return { type: 'if', branches, otherwise: [], line };
      const otherwise = this.parseBody(['endif']).nodes;
      this.expectBlockEnd();
      return { type: 'if', branches, otherwise, line };
    }
  }

  private parseTargets(): string[] {
    const parenthesised = this.atOp('(');
    if (parenthesised) this.next();
    const targets = [this.identifier('a variable name').value];
    while (this.atOp(',')) {
      this.next();
      targets.push(this.identifier('a variable name').value);
    }
    if (parenthesised) this.expectOp(')');
    return targets;
  }

  private parseFor(line: number): ForNode {
    const targets = this.parseTargets();
    const inToken = this.next();
    if (inToken.kind !== 'name' || inToken.value !== 'in') {
      throw syntaxError(`expected 'in' but found ${describe(inToken)}`, inToken.line);
    }
    const iterable = this.withDepth(() => this.parseOr());
    let condition: Expr | null = null;
    if (this.atName('if')) {
      this.next();
      condition = this.parseExpression();
    }
    if (this.atName('recursive')) throw syntaxError('recursive loops are not supported', this.peek().line);
    this.expectBlockEnd();
    const body = this.parseBody(['else', 'endfor']);
    let otherwise: Node[] = [];
    this.expectBlockEnd();
    if (body.endTag === 'else') {
      otherwise = this.parseBody(['endfor']).nodes;
      this.expectBlockEnd();
    }
    return { type: 'for', targets, iterable, condition, body: body.nodes, otherwise, line };
  }

  private parseSet(line: number): SetNode | SetBlockNode {
    const targets = this.parseTargets();
    if (this.peek().kind === 'block_end') {
      if (targets.length !== 1) throw syntaxError('a {% set %} block assigns exactly one name', line);
      this.next();
      const body = this.parseBody(['endset']).nodes;
      this.expectBlockEnd();
      return { type: 'set_block', target: targets[0] ?? '', body, line };
    }
    this.expectOp('=');
    const value = this.parseTuple();
    this.expectBlockEnd();
    return { type: 'set', targets, value, line };
  }

  // ---- expressions ----

  private withDepth<T>(parseIt: () => T): T {
    this.exprDepth++;
    try {
      if (this.exprDepth > this.limits.maxNestingDepth) {
        throw runtimeError(
          'limit',
          `expression is nested more than ${this.limits.maxNestingDepth} levels deep`,
          this.peek().line,
        );
      }
      return parseIt();
    } finally {
      this.exprDepth--;
    }
  }

  parseExpression(): Expr {
    return this.withDepth(() => this.parseCondition());
  }

  /** `a, b` on the right of `{% set %}` builds a list, like a Python tuple. */
  private parseTuple(): Expr {
    const line = this.peek().line;
    const first = this.parseExpression();
    if (!this.atOp(',')) return first;
    const items = [first];
    while (this.atOp(',')) {
      this.next();
      if (this.peek().kind === 'block_end') break;
      items.push(this.parseExpression());
    }
    return { type: 'list', items, line };
  }

  private parseCondition(): Expr {
    let expr = this.parseOr();
    while (this.atName('if')) {
      const line = this.next().line;
      const test = this.parseOr();
      let otherwise: Expr | null = null;
      if (this.atName('else')) {
        this.next();
        otherwise = this.parseExpression();
      }
      expr = { type: 'cond', test, then: expr, otherwise, line };
    }
    return expr;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.atName('or')) {
      const line = this.next().line;
      left = { type: 'logical', op: 'or', left, right: this.parseAnd(), line };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.atName('and')) {
      const line = this.next().line;
      left = { type: 'logical', op: 'and', left, right: this.parseNot(), line };
    }
    return left;
  }

  private parseNot(): Expr {
    if (this.atName('not')) {
      const line = this.next().line;
      return this.withDepth(() => ({ type: 'unary', op: 'not', operand: this.parseNot(), line }));
    }
    return this.parseCompare();
  }

  private compareOp(): CompareOp | null {
    const token = this.peek();
    if (token.kind === 'op' && isCompareOp(token.value)) {
      this.next();
      return token.value;
    }
    if (this.atName('in')) {
      this.next();
      return 'in';
    }
    const after = this.peek(1);
    if (this.atName('not') && after.kind === 'name' && after.value === 'in') {
      this.next();
      this.next();
      return 'not in';
    }
    return null;
  }

  private parseCompare(): Expr {
    const line = this.peek().line;
    const first = this.parseMath1();
    const rest: { op: CompareOp; operand: Expr }[] = [];
    for (let op = this.compareOp(); op !== null; op = this.compareOp()) {
      rest.push({ op, operand: this.parseMath1() });
    }
    return rest.length === 0 ? first : { type: 'compare', first, rest, line };
  }

  private parseMath1(): Expr {
    let left = this.parseConcat();
    while (this.atOp('+') || this.atOp('-')) {
      const token = this.next();
      const op = token.value === '+' ? '+' : '-';
      left = { type: 'binary', op, left, right: this.parseConcat(), line: token.line };
    }
    return left;
  }

  private parseConcat(): Expr {
    const line = this.peek().line;
    const parts = [this.parseMath2()];
    while (this.atOp('~')) {
      this.next();
      parts.push(this.parseMath2());
    }
    return parts.length === 1 && parts[0] !== undefined ? parts[0] : { type: 'concat', parts, line };
  }

  private parseMath2(): Expr {
    let left = this.parsePow();
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'op' || !['*', '/', '//', '%'].includes(token.value)) return left;
      this.next();
      const op = token.value === '*' ? '*' : token.value === '/' ? '/' : token.value === '//' ? '//' : '%';
      left = { type: 'binary', op, left, right: this.parsePow(), line: token.line };
    }
  }

  private parsePow(): Expr {
    let left = this.parseUnary(true);
    while (this.atOp('**')) {
      const line = this.next().line;
      left = { type: 'binary', op: '**', left, right: this.parseUnary(true), line };
    }
    return left;
  }

  private parseUnary(withFilters: boolean): Expr {
    let expr: Expr;
    if (this.atOp('-') || this.atOp('+')) {
      const token = this.next();
      const op = token.value === '-' ? '-' : '+';
      expr = this.withDepth(() => ({ type: 'unary', op, operand: this.parseUnary(false), line: token.line }));
    } else {
      expr = this.parsePrimary();
    }
    expr = this.parsePostfix(expr);
    return withFilters ? this.parseFilters(expr) : expr;
  }

  private parsePrimary(): Expr {
    const token = this.next();
    const { line } = token;
    switch (token.kind) {
      case 'name': {
        const literal = LITERAL_NAMES.get(token.value);
        if (literal !== undefined) return { type: 'literal', value: literal, line };
        if (KEYWORDS.has(token.value)) throw syntaxError(`unexpected keyword '${token.value}'`, line);
        return { type: 'name', name: this.checkName(token.value, line), line };
      }
      case 'string': {
        let value = token.value;
        while (this.peek().kind === 'string') value += this.next().value;
        return { type: 'literal', value, line };
      }
      case 'number': {
        const value = Number(token.value.replaceAll('_', ''));
        if (Number.isNaN(value)) throw syntaxError(`invalid number '${token.value}'`, line);
        return { type: 'literal', value, line };
      }
      case 'op':
        if (token.value === '(') return this.parseParenthesised(line);
        if (token.value === '[') return this.parseList(line);
        if (token.value === '{') return this.parseDict(line);
        break;
      default:
        break;
    }
    throw syntaxError(`unexpected ${describe(token)}`, line);
  }

  /** `(expr)`, or a tuple `(a, b)` / `()` which becomes a list. */
  private parseParenthesised(line: number): Expr {
    if (this.atOp(')')) {
      this.next();
      return { type: 'list', items: [], line };
    }
    const first = this.parseExpression();
    if (!this.atOp(',')) {
      this.expectOp(')');
      return first;
    }
    const items = [first];
    while (this.atOp(',')) {
      this.next();
      if (this.atOp(')')) break;
      items.push(this.parseExpression());
    }
    this.expectOp(')');
    return { type: 'list', items, line };
  }

  private parseList(line: number): Expr {
    const items: Expr[] = [];
    while (!this.atOp(']')) {
      items.push(this.parseExpression());
      if (!this.atOp(',')) break;
      this.next();
    }
    this.expectOp(']');
    return { type: 'list', items, line };
  }

  private parseDict(line: number): Expr {
    const entries: { key: Expr; value: Expr }[] = [];
    while (!this.atOp('}')) {
      const key = this.parseExpression();
      if (key.type === 'literal' && typeof key.value === 'string') this.checkName(key.value, key.line);
      this.expectOp(':');
      entries.push({ key, value: this.parseExpression() });
      if (!this.atOp(',')) break;
      this.next();
    }
    this.expectOp('}');
    return { type: 'dict', entries, line };
  }

  private parsePostfix(start: Expr): Expr {
    let expr = start;
    for (;;) {
      if (this.atOp('.')) {
        const dot = this.next();
        const token = this.next();
        if (token.kind === 'name') {
          expr = {
            type: 'attr',
            object: expr,
            name: this.checkName(token.value, token.line),
            line: dot.line,
          };
        } else if (token.kind === 'number' && /^\d+$/.test(token.value)) {
          const key: Expr = { type: 'literal', value: Number(token.value), line: token.line };
          expr = { type: 'item', object: expr, key, line: dot.line };
        } else {
          throw syntaxError(`expected an attribute name after '.' but found ${describe(token)}`, token.line);
        }
      } else if (this.atOp('[')) {
        expr = this.parseSubscript(expr, this.next().line);
      } else if (this.atOp('(')) {
        expr = this.parseCall(expr, this.next().line);
      } else {
        return expr;
      }
    }
  }

  private parseSubscript(object: Expr, line: number): Expr {
    const parts: (Expr | null)[] = [];
    let current: Expr | null = null;
    let isSlice = false;
    while (!this.atOp(']')) {
      if (this.atOp(':')) {
        this.next();
        parts.push(current);
        current = null;
        isSlice = true;
        if (parts.length > 2) throw syntaxError('a slice takes at most three parts', line);
        continue;
      }
      if (current !== null)
        throw syntaxError(`expected ']' but found ${describe(this.peek())}`, this.peek().line);
      current = this.parseExpression();
    }
    this.expectOp(']');
    parts.push(current);
    if (!isSlice) {
      if (current === null) throw syntaxError('expected an index inside [ ]', line);
      if (current.type === 'literal' && typeof current.value === 'string')
        this.checkName(current.value, current.line);
      return { type: 'item', object, key: current, line };
    }
    return {
      type: 'slice',
      object,
      start: parts[0] ?? null,
      stop: parts[1] ?? null,
      step: parts[2] ?? null,
      line,
    };
  }

  private parseArguments(): Arguments {
    const args: Expr[] = [];
    const kwargs: { name: string; value: Expr }[] = [];
    while (!this.atOp(')')) {
      const token = this.peek();
      const after = this.peek(1);
      if (token.kind === 'name' && after.kind === 'op' && after.value === '=') {
        this.next();
        this.next();
        const name = this.checkName(token.value, token.line);
        if (kwargs.some((kwarg) => kwarg.name === name)) {
          throw syntaxError(`keyword argument '${name}' repeated`, token.line);
        }
        kwargs.push({ name, value: this.parseExpression() });
      } else {
        if (kwargs.length > 0) throw syntaxError('positional argument follows keyword argument', token.line);
        args.push(this.parseExpression());
      }
      if (!this.atOp(',')) break;
      this.next();
    }
    this.expectOp(')');
    return { args, kwargs };
  }

  private parseCall(callee: Expr, line: number): Expr {
    return { type: 'call', callee, ...this.parseArguments(), line };
  }

  private parseFilters(start: Expr): Expr {
    let expr = start;
    for (;;) {
      if (this.atOp('|')) {
        const line = this.next().line;
        const name = this.expectKind('name', 'a filter name');
        if (!FILTERS.has(name.value)) throw syntaxError(`no filter named '${name.value}'`, name.line);
        let args: Arguments = { args: [], kwargs: [] };
        if (this.atOp('(')) {
          this.next();
          args = this.parseArguments();
        }
        expr = { type: 'filter', input: expr, name: name.value, ...args, line };
      } else if (this.atName('is')) {
        expr = this.parseTest(expr, this.next().line);
      } else if (this.atOp('(')) {
        expr = this.parseCall(expr, this.next().line);
      } else {
        return expr;
      }
    }
  }

  private parseTest(input: Expr, line: number): Expr {
    let negated = false;
    if (this.atName('not')) {
      this.next();
      negated = true;
    }
    const nameToken = this.expectKind('name', 'a test name');
    const name = nameToken.value;
    const predicate = PREDICATES.get(name);
    if (predicate === undefined && !DEFINEDNESS_TESTS.has(name)) {
      throw syntaxError(`no test named '${name}'`, nameToken.line);
    }
    const arity = predicate?.arity ?? 0;
    const args: Expr[] = [];
    if (this.atOp('(')) {
      this.next();
      const parsed = this.parseArguments();
      if (parsed.kwargs.length > 0) throw syntaxError(`the test '${name}' takes no keyword arguments`, line);
      args.push(...parsed.args);
    } else if (arity === 1 && this.startsOperand()) {
      args.push(this.parsePostfix(this.parsePrimary()));
    }
    if (args.length !== arity) {
      throw syntaxError(`the test '${name}' takes ${arity} argument${arity === 1 ? '' : 's'}`, line);
    }
    return { type: 'test', input, name, negated, args, line };
  }

  private startsOperand(): boolean {
    const token = this.peek();
    if (token.kind === 'string' || token.kind === 'number') return true;
    if (token.kind === 'name') return !KEYWORDS.has(token.value);
    return token.kind === 'op' && (token.value === '[' || token.value === '{');
  }
}
