export { renderSqlTemplate } from './render';
export type { RenderOptions, TemplateContext } from './render';
export { parseTemplateParams } from './params';
export { TemplateError } from './template-error';
export type { TemplateErrorKind } from './template-error';
export { DEFAULT_TEMPLATE_LIMITS } from './limits';
export type { TemplateLimits } from './limits';
export type { MacroContext, TemplateFilter } from './macros';
