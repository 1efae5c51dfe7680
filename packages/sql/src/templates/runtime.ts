import type { TemplateLimits } from './limits';
import type { StringQuoting } from './quoting';
import { runtimeError } from './template-error';
import type { TemplateError } from './template-error';
import type { UndefinedValue } from './values';

/**
 * Per-render bookkeeping shared by the evaluator, filters and macros: the budgets of
 * `TemplateLimits`, the line being evaluated (for error messages) and the undefined names seen.
 */
export class Runtime {
  /** Line of the node being evaluated; runtime errors report it. */
  line: number | null = null;
  private steps = 0;
  private iterations = 0;
  private depth = 0;
  private readonly missing = new Set<string>();

  constructor(
    readonly limits: TemplateLimits,
    /** How url_param, sql_quote and where_in escape values for the target engine's literals. */
    readonly quoting: StringQuoting,
  ) {}

  step(cost = 1): void {
    this.steps += cost;
    if (this.steps > this.limits.maxSteps) {
      throw this.limitError(`rendering exceeded the budget of ${this.limits.maxSteps} evaluation steps`);
    }
  }

  /** Charges work proportional to the size of a string or list being processed. */
  work(size: number): void {
    this.step(1 + Math.floor(size / 1024));
  }

  loopIteration(): void {
    this.iterations++;
    if (this.iterations > this.limits.maxLoopIterations) {
      throw this.limitError(
        `loops exceeded the limit of ${this.limits.maxLoopIterations} iterations in total`,
      );
    }
    this.step();
  }

  enter(): void {
    this.depth++;
    if (this.depth > this.limits.maxNestingDepth) {
      throw this.limitError(`expression is nested more than ${this.limits.maxNestingDepth} levels deep`);
    }
  }

  leave(): void {
    this.depth--;
  }

  checkStringLength(length: number): void {
    if (length > this.limits.maxOutputLength) {
      throw this.limitError(
        `a string of ${length} characters exceeds the limit of ${this.limits.maxOutputLength} characters`,
      );
    }
  }

  checkCollectionLength(length: number): void {
    if (length > this.limits.maxCollectionLength) {
      throw this.limitError(
        `a list of ${length} items exceeds the limit of ${this.limits.maxCollectionLength} items`,
      );
    }
  }

  checkValueDepth(depth: number): void {
    if (depth > this.limits.maxNestingDepth) {
      throw this.limitError(`a value is nested more than ${this.limits.maxNestingDepth} levels deep`);
    }
  }

  markMissing(value: UndefinedValue): void {
    this.missing.add(value.name);
  }

  missingNames(): string[] {
    return [...this.missing];
  }

  typeError(message: string): TemplateError {
    return runtimeError('type', message, this.line);
  }

  limitError(message: string): TemplateError {
    return runtimeError('limit', message, this.line);
  }
}
