import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext } from '../../query/buildQueryContext';
import { parseColumn } from '../../query/labels';

/** Graph: the metric per (source, target[, source category, target category]). */
export function buildGraphQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const columns = ['source', 'target', 'source_category', 'target_category']
    .map((key) => parseColumn(formData[key]))
    .filter((column) => column !== undefined);
  return buildQueryContext(formData, (base) => [{ ...base, columns }], options);
}
