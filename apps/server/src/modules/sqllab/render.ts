import type { Engine } from '@tessera/contracts';
import type { Principal } from '../security/principal';
import { queryFailure, type QueryFailure } from './failure';
import { TemplateError, parseTemplateParams, renderSqlTemplate, type MacroContext } from '@tessera/sql';

/** Query-string values the macros may read with url_param(); repeated names keep the first value. */
export function urlParamsOf(query: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (typeof query !== 'object' || query === null) return params;
  for (const [key, value] of Object.entries(query)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') params[key] = first;
  }
  return params;
}

function templateFailure(error: TemplateError, params: Record<string, unknown>): QueryFailure {
  if (error.kind === 'undefined') {
    return queryFailure(422, 'MISSING_TEMPLATE_PARAMS_ERROR', error.message, {
      undefined_parameters: error.undefinedNames,
      template_parameters: params,
    });
  }
  return queryFailure(422, 'INVALID_TEMPLATE_PARAMS_ERROR', error.message, { template_parameters: params });
}

/**
 * Renders the SQL Lab template (reference §2.2 step 5) in the sandboxed engine with the caller's
 * macros. `templateParams` is the client's JSON string, or an object (estimate). Plain SQL comes
 * back unchanged. `dialect` decides how quoted values are escaped (MySQL backslashes). `queryFilters` feed
 * filter_values() / get_filters() when a chart query renders a virtual dataset. Throws QueryFailure (422)
 * for malformed or missing parameters.
 */
export function renderQuerySql(
  sql: string,
  templateParams: string | Record<string, unknown> | null | undefined,
  principal: Principal,
  urlParams: Record<string, string>,
  dialect: Engine,
  queryFilters: Pick<MacroContext, 'filters' | 'onFilterRead'> = {},
): string {
  let params: Record<string, unknown> = {};
  try {
    params =
      typeof templateParams === 'string' || templateParams === null || templateParams === undefined
        ? parseTemplateParams(templateParams)
        : templateParams;
    return renderSqlTemplate(sql, {
      params,
      macros: {
        urlParams,
        username: principal.user.username,
        userId: principal.user.id,
        email: principal.user.email,
        ...queryFilters,
      },
      dialect,
    });
  } catch (error) {
    if (error instanceof TemplateError) throw templateFailure(error, params);
    throw error;
  }
}
