/**
 * Caps that keep a hostile or careless template from using unbounded CPU or memory. Every cap
 * raises a TemplateError of kind 'limit' when exceeded.
 */
export interface TemplateLimits {
  /** Characters in the template source (templates without tags skip the engine and this check). */
  maxTemplateLength: number;
  /** Characters in the rendered output and in any single string the template builds. */
  maxOutputLength: number;
  /** Loop iterations summed over every `for` in one render; also the largest `range()`. */
  maxLoopIterations: number;
  /** Items in any list the template builds (repetition, concatenation). */
  maxCollectionLength: number;
  /** Nesting of expressions, of blocks, and of list/dict values (parameters included). */
  maxNestingDepth: number;
  /** Evaluation steps (nodes visited, plus work proportional to the size of strings and lists). */
  maxSteps: number;
}

export const DEFAULT_TEMPLATE_LIMITS: Readonly<TemplateLimits> = Object.freeze({
  maxTemplateLength: 100 * 1024,
  maxOutputLength: 10 * 1024 * 1024,
  maxLoopIterations: 100_000,
  maxCollectionLength: 1_000_000,
  maxNestingDepth: 100,
  maxSteps: 5_000_000,
});
