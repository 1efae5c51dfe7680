import type { Engine } from '@tessera/contracts';
import { Evaluator } from './evaluator';
import { tokenize } from './lexer';
import type { TemplateLimits } from './limits';
import { DEFAULT_TEMPLATE_LIMITS } from './limits';
import type { MacroContext } from './macros';
import { buildMacros } from './macros';
import { parse } from './parser';
import { quotingFor } from './quoting';
import { Runtime } from './runtime';
import { TemplateError, undefinedError } from './template-error';
import type { TemplateDict } from './values';
import { fromExternal } from './values';

export interface TemplateContext {
  /** Template variables, usually from parseTemplateParams. */
  params: Record<string, unknown>;
  /** What the Superset macros answer: url_param, current_username, current_user_id, current_user_email. */
  macros: MacroContext;
  /** The engine the SQL runs on: it decides how macros and filters escape quoted values. */
  dialect: Engine;
}

export interface RenderOptions {
  /** Overrides of DEFAULT_TEMPLATE_LIMITS. */
  limits?: Partial<TemplateLimits>;
}

const TAG_START = /\{[{%#]/;

function paramsToDict(params: Record<string, unknown>, limits: TemplateLimits): TemplateDict {
  const dict: TemplateDict = new Map();
  for (const key of Object.keys(params)) {
    const descriptor = Object.getOwnPropertyDescriptor(params, key);
    if (descriptor !== undefined && 'value' in descriptor && descriptor.value !== undefined) {
      dict.set(key, fromExternal(descriptor.value, limits.maxNestingDepth, key));
    }
  }
  return dict;
}

/**
 * Renders a SQL template. Throws TemplateError: 'syntax' for malformed templates, 'undefined'
 * with every missing name in `undefinedNames`, 'limit' when a cap is hit, 'type' for bad
 * operations and refused names.
 */
export function renderSqlTemplate(
  template: string,
  context: TemplateContext,
  options: RenderOptions = {},
): string {
  // Plain SQL never touches the engine, whatever its size.
  if (!TAG_START.test(template)) return template;
  const limits: TemplateLimits = { ...DEFAULT_TEMPLATE_LIMITS, ...options.limits };
  if (template.length > limits.maxTemplateLength) {
    throw new TemplateError(
      'limit',
      `Template error: the template has ${template.length} characters; the limit is ${limits.maxTemplateLength}`,
    );
  }
  const rt = new Runtime(limits, quotingFor(context.dialect, template));
  try {
    const nodes = parse(tokenize(template), limits);
    const globals = [buildMacros(context.macros), paramsToDict(context.params, limits)];
    const output = new Evaluator(rt, globals).render(nodes);
    const missing = rt.missingNames();
    if (missing.length > 0) throw undefinedError(missing);
    return output;
  } catch (error) {
    if (error instanceof TemplateError) {
      // A type error after a missing name is usually caused by it; report the names instead.
      const missing = rt.missingNames();
      if (error.kind === 'type' && missing.length > 0) throw undefinedError(missing);
      throw error;
    }
    // Last line of defence: stack or string-size exhaustion still ends as a clean limit error.
    if (error instanceof RangeError) {
      throw new TemplateError('limit', `Template error: rendering ran out of resources (${error.message})`);
    }
    throw error;
  }
}
