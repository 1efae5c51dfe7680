import { newClientQueryId } from './ids';
import type { Query } from './types';

/** A complete query from the fields given; state and progress are set again by `startQuery`. */
export function createQuery(fields: Partial<Query> & Pick<Query, 'dbId' | 'sql'>, now: number): Query {
  return {
    id: newClientQueryId(),
    executedSql: null,
    sqlEditorId: null,
    tab: null,
    catalog: null,
    schema: null,
    runAsync: false,
    ctas: false,
    ctas_method: null,
    tempTable: null,
    tempSchema: null,
    templateParams: null,
    queryLimit: null,
    limitingFactor: null,
    progress: 0,
    startDttm: now,
    endDttm: null,
    state: 'started',
    rows: null,
    results: null,
    resultsKey: null,
    cached: false,
    isDataPreview: false,
    errors: null,
    errorMessage: null,
    link: null,
    trackingUrl: null,
    changed_on: null,
    extra: {},
    ...fields,
  };
}
