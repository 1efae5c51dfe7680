import { assertAllowedName, getAttribute, getItem, getSlice, iterate } from './access';
import { bindArguments } from './arguments';
import type { Arguments, Expr, ForNode, Node } from './ast';
import { DEFAULT_FILTER_PARAMS, FILTERS, applyDefault } from './filters';
import { StringBuilder, reprString, toStr } from './format';
import { arithmetic, compare, negate, truthy } from './operators';
import { PREDICATES } from './predicates';
import type { Runtime } from './runtime';
import type { AnyValue, TemplateDict, TemplateValue } from './values';
import { LoopState, TemplateCallable, UndefinedValue, isUndefined, typeName } from './values';

type Scope = Map<string, AnyValue>;

/**
 * Walks the syntax tree over plain data. Every operation is one of the engine's own functions;
 * the only things a template can call are TemplateCallable instances the engine created.
 */
export class Evaluator {
  private readonly scopes: Scope[];

  /** `globals` are searched last (macros, then parameters); `{% set %}` at top level shadows them. */
  constructor(
    private readonly rt: Runtime,
    globals: readonly ReadonlyMap<string, TemplateValue>[],
  ) {
    this.scopes = [...globals.map((scope) => new Map<string, AnyValue>(scope)), new Map<string, AnyValue>()];
  }

  render(nodes: readonly Node[]): string {
    const out = new StringBuilder(this.rt);
    this.renderNodes(nodes, out);
    return out.toString();
  }

  // ---- statements ----

  private renderNodes(nodes: readonly Node[], out: StringBuilder): void {
    for (const node of nodes) {
      this.rt.step();
      this.rt.line = node.line;
      switch (node.type) {
        case 'text':
          out.add(node.value);
          break;
        case 'output': {
          const value = this.evaluate(node.expr);
          if (isUndefined(value)) this.rt.markMissing(value);
          else out.add(toStr(this.rt, value));
          break;
        }
        case 'if': {
          const branch = node.branches.find((candidate) => truthy(this.rt, this.evaluate(candidate.test)));
          this.renderNodes(branch?.body ?? node.otherwise, out);
          break;
        }
        case 'for':
          this.renderFor(node, out);
          break;
        case 'set':
          this.assign(node.targets, this.evaluate(node.value));
          break;
        case 'set_block': {
          const captured = new StringBuilder(this.rt);
          this.renderNodes(node.body, captured);
          this.assign([node.target], captured.toString());
          break;
        }
      }
    }
  }

  private currentScope(): Scope {
    const scope = this.scopes.at(-1);
    if (scope === undefined) throw this.rt.typeError('no scope to assign to');
    return scope;
  }

  private assign(targets: readonly string[], value: AnyValue, scope = this.currentScope()): void {
    const [single] = targets;
    if (targets.length === 1 && single !== undefined) {
      scope.set(single, value);
      return;
    }
    if (isUndefined(value)) {
      this.rt.markMissing(value);
      targets.forEach((target) => scope.set(target, value));
      return;
    }
    if (!Array.isArray(value) || value.length !== targets.length) {
      const got = Array.isArray(value) ? `${value.length} values` : `a ${typeName(value)}`;
      throw this.rt.typeError(`cannot unpack ${got} into ${targets.length} names`);
    }
    targets.forEach((target, index) => scope.set(target, value[index] ?? null));
  }

  private withScope<T>(scope: Scope, run: () => T): T {
    this.scopes.push(scope);
    try {
      return run();
    } finally {
      this.scopes.pop();
    }
  }

  private renderFor(node: ForNode, out: StringBuilder): void {
    const source = this.evaluate(node.iterable);
    let items: readonly TemplateValue[] = [];
    if (isUndefined(source)) this.rt.markMissing(source);
    else items = iterate(this.rt, source);
    const { condition } = node;
    if (condition !== null) {
      items = items.filter((item) => {
        this.rt.loopIteration();
        const scope: Scope = new Map();
        this.assign(node.targets, item, scope);
        return this.withScope(scope, () => truthy(this.rt, this.evaluate(condition)));
      });
    }
    items.forEach((item, index) => {
      this.rt.loopIteration();
      const scope: Scope = new Map([['loop', new LoopState(items, index)]]);
      this.assign(node.targets, item, scope);
      this.withScope(scope, () => {
        this.renderNodes(node.body, out);
      });
    });
    if (items.length === 0) this.renderNodes(node.otherwise, out);
  }

  // ---- expressions ----

  private lookup(name: string): AnyValue {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const value = this.scopes[i]?.get(name);
      if (value !== undefined) return value;
    }
    return new UndefinedValue(name);
  }

  /** A defined value for places that cannot hold an undefined one (collections, arguments). */
  private evaluateDefined(expr: Expr): TemplateValue {
    const value = this.evaluate(expr);
    if (!isUndefined(value)) return value;
    this.rt.markMissing(value);
    return null;
  }

  evaluate(expr: Expr): AnyValue {
    const { rt } = this;
    rt.step();
    rt.enter();
    try {
      const value = this.evaluateNode(expr);
      rt.line = expr.line;
      return value;
    } finally {
      rt.leave();
    }
  }

  private evaluateNode(expr: Expr): AnyValue {
    const { rt } = this;
    rt.line = expr.line;
    switch (expr.type) {
      case 'literal':
        return expr.value;
      case 'list': {
        rt.checkCollectionLength(expr.items.length);
        return expr.items.map((item) => this.evaluateDefined(item));
      }
      case 'dict':
        return this.evaluateDict(expr.entries);
      case 'name':
        assertAllowedName(rt, expr.name);
        return this.lookup(expr.name);
      case 'attr': {
        const target = this.evaluate(expr.object);
        assertAllowedName(rt, expr.name);
        if (isUndefined(target)) return target;
        return (
          getAttribute(rt, target, expr.name) ?? new UndefinedValue(`${describe(expr.object)}.${expr.name}`)
        );
      }
      case 'item': {
        const target = this.evaluate(expr.object);
        const key = this.evaluate(expr.key);
        if (isUndefined(key)) {
          rt.markMissing(key);
          return key;
        }
        if (typeof key === 'string') assertAllowedName(rt, key);
        if (isUndefined(target)) return target;
        return getItem(rt, target, key) ?? new UndefinedValue(`${describe(expr.object)}[${keyLabel(key)}]`);
      }
      case 'slice': {
        const target = this.evaluate(expr.object);
        const bounds = [expr.start, expr.stop, expr.step].map((bound) =>
          bound === null ? null : this.evaluateDefined(bound),
        );
        if (isUndefined(target)) {
          rt.markMissing(target);
          return target;
        }
        return getSlice(rt, target, bounds[0] ?? null, bounds[1] ?? null, bounds[2] ?? null);
      }
      case 'call':
        return this.evaluateCall(expr.callee, expr);
      case 'filter':
        return this.evaluateFilter(expr.name, expr.input, expr);
      case 'test':
        return this.evaluateTest(expr.name, expr.input, expr.args, expr.negated);
      case 'unary': {
        const operand = this.evaluate(expr.operand);
        if (expr.op === 'not') return !truthy(rt, operand);
        if (isUndefined(operand)) {
          rt.markMissing(operand);
          return operand;
        }
        return negate(rt, expr.op, operand);
      }
      case 'binary': {
        const left = this.evaluate(expr.left);
        const right = this.evaluate(expr.right);
        const missing = this.firstMissing([left, right]);
        if (missing !== null) return missing;
        if (isUndefined(left) || isUndefined(right)) return null;
        return arithmetic(rt, expr.op, left, right);
      }
      case 'concat': {
        const parts = expr.parts.map((part) => this.evaluate(part));
        const missing = this.firstMissing(parts);
        if (missing !== null) return missing;
        const out = new StringBuilder(rt);
        parts.forEach((part) => {
          if (!isUndefined(part)) out.add(toStr(rt, part));
        });
        return out.toString();
      }
      case 'compare': {
        let left = this.evaluate(expr.first);
        for (const { op, operand } of expr.rest) {
          const right = this.evaluate(operand);
          const missing = this.firstMissing([left, right]);
          if (missing !== null) return missing;
          if (isUndefined(left) || isUndefined(right)) return null;
          if (!compare(rt, op, left, right)) return false;
          left = right;
        }
        return true;
      }
      case 'logical': {
        // Python semantics: the deciding operand is the result, not a boolean.
        const left = this.evaluate(expr.left);
        const leftTrue = truthy(rt, left);
        if (expr.op === 'and' ? !leftTrue : leftTrue) return left;
        return this.evaluate(expr.right);
      }
      case 'cond':
        if (truthy(rt, this.evaluate(expr.test))) return this.evaluate(expr.then);
        return expr.otherwise === null ? '' : this.evaluate(expr.otherwise);
    }
  }

  /** Records every undefined operand and returns the first one, so `a + b` reports both names. */
  private firstMissing(values: readonly AnyValue[]): UndefinedValue | null {
    let first: UndefinedValue | null = null;
    for (const value of values) {
      if (isUndefined(value)) {
        this.rt.markMissing(value);
        first ??= value;
      }
    }
    return first;
  }

  private evaluateDict(entries: readonly { key: Expr; value: Expr }[]): TemplateDict {
    const { rt } = this;
    const dict: TemplateDict = new Map();
    for (const entry of entries) {
      const key = this.evaluateDefined(entry.key);
      const value = this.evaluateDefined(entry.value);
      if (typeof key !== 'string') throw rt.typeError(`dict keys must be strings, not ${typeName(key)}`);
      assertAllowedName(rt, key);
      dict.set(key, value);
    }
    return dict;
  }

  private evaluateArguments(call: Arguments): { args: TemplateValue[]; kwargs: Map<string, TemplateValue> } {
    const args = call.args.map((arg) => this.evaluateDefined(arg));
    const kwargs = new Map<string, TemplateValue>();
    for (const { name, value } of call.kwargs) {
      assertAllowedName(this.rt, name);
      kwargs.set(name, this.evaluateDefined(value));
    }
    return { args, kwargs };
  }

  private evaluateCall(calleeExpr: Expr, call: Arguments): AnyValue {
    const { rt } = this;
    const callee = this.evaluate(calleeExpr);
    const { args, kwargs } = this.evaluateArguments(call);
    if (isUndefined(callee)) {
      rt.markMissing(callee);
      return callee;
    }
    if (!(callee instanceof TemplateCallable))
      throw rt.typeError(`'${typeName(callee)}' object is not callable`);
    rt.step();
    return callee.invoke(rt, args, kwargs);
  }

  private evaluateFilter(name: string, inputExpr: Expr, call: Arguments): AnyValue {
    const { rt } = this;
    const input = this.evaluate(inputExpr);
    if (name === 'default' || name === 'd') {
      const args = call.args.map((arg) => this.evaluate(arg));
      const kwargs = new Map(call.kwargs.map(({ name: key, value }) => [key, this.evaluate(value)] as const));
      const [fallback = '', boolean = false] = bindArguments<AnyValue>(
        rt,
        name,
        DEFAULT_FILTER_PARAMS,
        args,
        kwargs,
      );
      return applyDefault(rt, input, fallback, boolean);
    }
    const { args, kwargs } = this.evaluateArguments(call);
    if (isUndefined(input)) {
      rt.markMissing(input);
      return input;
    }
    const filter = FILTERS.get(name);
    if (filter === undefined) throw rt.typeError(`no filter named '${name}'`);
    rt.line = inputExpr.line;
    return filter.apply(rt, input, bindArguments(rt, name, filter.params, args, kwargs));
  }

  private evaluateTest(name: string, inputExpr: Expr, argExprs: readonly Expr[], negated: boolean): boolean {
    const { rt } = this;
    const input = this.evaluate(inputExpr);
    let result: boolean;
    if (name === 'defined' || name === 'undefined') {
      result = isUndefined(input) === (name === 'undefined');
    } else {
      const args = argExprs.map((arg) => this.evaluateDefined(arg));
      const predicate = PREDICATES.get(name);
      if (predicate === undefined) throw rt.typeError(`no test named '${name}'`);
      if (isUndefined(input)) {
        rt.markMissing(input);
        result = false;
      } else {
        result = predicate.apply(rt, input, args[0] ?? null);
      }
    }
    return negated ? !result : result;
  }
}

/** How an expression is named when it turns out undefined: `x`, `x.y`, `x['k']`, `x[0]`. */
function describe(expr: Expr): string {
  switch (expr.type) {
    case 'name':
      return expr.name;
    case 'attr':
      return `${describe(expr.object)}.${expr.name}`;
    case 'item':
      return expr.key.type === 'literal' && expr.key.value !== null && typeof expr.key.value !== 'boolean'
        ? `${describe(expr.object)}[${keyLabel(expr.key.value)}]`
        : `${describe(expr.object)}[...]`;
    case 'call':
      return `${describe(expr.callee)}()`;
    default:
      return '(expression)';
  }
}

function keyLabel(key: TemplateValue): string {
  if (typeof key === 'string') return reprString(key);
  if (typeof key === 'number') return String(key);
  return '...';
}
