export type TemplateErrorKind = 'syntax' | 'undefined' | 'limit' | 'type';

export interface TemplateErrorOptions {
  undefinedNames?: string[];
  line?: number | null;
}

/**
 * The only error the template engine throws. `kind` tells the caller which SIP-40 error to answer
 * with: 'undefined' maps to MISSING_TEMPLATE_PARAMS_ERROR (with `undefinedNames` as
 * extra.undefined_parameters), the others to INVALID_TEMPLATE_PARAMS_ERROR.
 */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
  readonly kind: TemplateErrorKind;
  readonly undefinedNames: string[];
  /** 1-based line of the template where the problem was found, when known. */
  readonly line: number | null;

  constructor(kind: TemplateErrorKind, message: string, options: TemplateErrorOptions = {}) {
    super(message);
    this.kind = kind;
    this.undefinedNames = options.undefinedNames ?? [];
    this.line = options.line ?? null;
  }
}

export function syntaxError(message: string, line: number): TemplateError {
  return new TemplateError('syntax', `Template syntax error on line ${line}: ${message}`, { line });
}

/** Runtime errors name the line only when the evaluator knows it. */
export function runtimeError(kind: 'type' | 'limit', message: string, line: number | null): TemplateError {
  const where = line === null ? 'Template error' : `Template error on line ${line}`;
  return new TemplateError(kind, `${where}: ${message}`, { line });
}

export function undefinedError(names: string[]): TemplateError {
  const list = names.map((name) => `"${name}"`).join(', ');
  return new TemplateError('undefined', `The following parameters in your query are undefined: ${list}.`, {
    undefinedNames: names,
  });
}
