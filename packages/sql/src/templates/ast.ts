/** Syntax tree produced by the parser and walked by the evaluator. Every node knows its line. */

export type Node = TextNode | OutputNode | IfNode | ForNode | SetNode | SetBlockNode;

export interface TextNode {
  type: 'text';
  value: string;
  line: number;
}

export interface OutputNode {
  type: 'output';
  expr: Expr;
  line: number;
}

export interface IfNode {
  type: 'if';
  branches: { test: Expr; body: Node[] }[];
  otherwise: Node[];
  line: number;
}

export interface ForNode {
  type: 'for';
  targets: string[];
  iterable: Expr;
  condition: Expr | null;
  body: Node[];
  otherwise: Node[];
  line: number;
}

export interface SetNode {
  type: 'set';
  targets: string[];
  value: Expr;
  line: number;
}

export interface SetBlockNode {
  type: 'set_block';
  target: string;
  body: Node[];
  line: number;
}

export type Expr =
  | LiteralExpr
  | ListExpr
  | DictExpr
  | NameExpr
  | AttrExpr
  | ItemExpr
  | SliceExpr
  | CallExpr
  | FilterExpr
  | TestExpr
  | UnaryExpr
  | BinaryExpr
  | ConcatExpr
  | CompareExpr
  | LogicalExpr
  | CondExpr;

export interface LiteralExpr {
  type: 'literal';
  value: null | boolean | number | string;
  line: number;
}

export interface ListExpr {
  type: 'list';
  items: Expr[];
  line: number;
}

export interface DictExpr {
  type: 'dict';
  entries: { key: Expr; value: Expr }[];
  line: number;
}

export interface NameExpr {
  type: 'name';
  name: string;
  line: number;
}

/** `a.b` */
export interface AttrExpr {
  type: 'attr';
  object: Expr;
  name: string;
  line: number;
}

/** `a[b]` and `a.0` */
export interface ItemExpr {
  type: 'item';
  object: Expr;
  key: Expr;
  line: number;
}

/** `a[start:stop:step]` */
export interface SliceExpr {
  type: 'slice';
  object: Expr;
  start: Expr | null;
  stop: Expr | null;
  step: Expr | null;
  line: number;
}

export interface Arguments {
  args: Expr[];
  kwargs: { name: string; value: Expr }[];
}

export interface CallExpr extends Arguments {
  type: 'call';
  callee: Expr;
  line: number;
}

export interface FilterExpr extends Arguments {
  type: 'filter';
  input: Expr;
  name: string;
  line: number;
}

/** `x is [not] name(args)` */
export interface TestExpr {
  type: 'test';
  input: Expr;
  name: string;
  negated: boolean;
  args: Expr[];
  line: number;
}

export interface UnaryExpr {
  type: 'unary';
  op: 'not' | '-' | '+';
  operand: Expr;
  line: number;
}

export type BinaryOp = '+' | '-' | '*' | '/' | '//' | '%' | '**';

export interface BinaryExpr {
  type: 'binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
  line: number;
}

/** `a ~ b ~ c`: kept flat so long concatenations do not nest. */
export interface ConcatExpr {
  type: 'concat';
  parts: Expr[];
  line: number;
}

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not in';

/** `a < b <= c` chains like Python: every pair must hold. */
export interface CompareExpr {
  type: 'compare';
  first: Expr;
  rest: { op: CompareOp; operand: Expr }[];
  line: number;
}

export interface LogicalExpr {
  type: 'logical';
  op: 'and' | 'or';
  left: Expr;
  right: Expr;
  line: number;
}

/** `a if test else b`; without `else` the false branch renders as an empty string. */
export interface CondExpr {
  type: 'cond';
  test: Expr;
  then: Expr;
  otherwise: Expr | null;
  line: number;
}
