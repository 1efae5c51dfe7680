import { expect } from 'vitest';
import type { RenderOptions, TemplateContext } from './render';
import { renderSqlTemplate } from './render';
import { TemplateError } from './template-error';

/** Shared by the *.test.ts files of this folder; not used by production code. */
export const MACROS: TemplateContext['macros'] = {
  urlParams: { country: 'FR', quote: "it's" },
  username: 'alice',
  userId: 7,
  email: 'alice@example.com',
};

export function render(
  template: string,
  params: Record<string, unknown> = {},
  options?: RenderOptions,
  dialect: TemplateContext['dialect'] = 'postgresql',
): string {
  return renderSqlTemplate(template, { params, macros: MACROS, dialect }, options);
}

export function renderError(
  template: string,
  params: Record<string, unknown> = {},
  options?: RenderOptions,
): TemplateError {
  try {
    render(template, params, options);
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    if (error instanceof TemplateError) return error;
  }
  throw new Error(`expected ${JSON.stringify(template.slice(0, 80))} to fail`);
}
