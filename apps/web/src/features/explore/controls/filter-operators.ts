import { GENERIC_DATA_TYPES, type AdhocFilterOperator, type DatasourceColumn } from '@tessera/contracts';
import { isTemporalColumn } from './adhoc';

const COMPARISONS = ['==', '!=', '<', '>', '<=', '>='] as const satisfies readonly AdhocFilterOperator[];
const LISTS = ['IN', 'NOT IN'] as const satisfies readonly AdhocFilterOperator[];
const NULL_CHECKS = ['IS NULL', 'IS NOT NULL'] as const satisfies readonly AdhocFilterOperator[];
const PATTERNS = ['LIKE', 'NOT LIKE', 'ILIKE'] as const satisfies readonly AdhocFilterOperator[];
const TRUTH_CHECKS = ['IS TRUE', 'IS FALSE'] as const satisfies readonly AdhocFilterOperator[];

/**
 * The operators the filter editor offers for a column, by its generic type: a time range and comparisons
 * on times, no patterns on numbers (which, like Superset, may still be 0/1 flags tested for truth), only
 * truth and null checks on booleans, patterns but no truth checks on text. A column of unknown type
 * gets every operator but the time range. LATEST PARTITION is not offered: the dataset's columns do not say
 * which are partition keys (the server resolves it, on PostgreSQL and MariaDB, for contexts that name it).
 */
export function operatorsForColumn(
  column: Pick<DatasourceColumn, 'is_dttm' | 'type_generic'> | undefined,
): readonly AdhocFilterOperator[] {
  if (isTemporalColumn(column)) return ['TEMPORAL_RANGE', ...COMPARISONS, ...NULL_CHECKS, ...LISTS];
  switch (column?.type_generic) {
    case GENERIC_DATA_TYPES.BOOLEAN:
      return [...TRUTH_CHECKS, ...NULL_CHECKS];
    case GENERIC_DATA_TYPES.NUMERIC:
      return [...COMPARISONS, ...LISTS, ...NULL_CHECKS, ...TRUTH_CHECKS];
    case GENERIC_DATA_TYPES.STRING:
      return [...COMPARISONS, ...LISTS, ...PATTERNS, ...NULL_CHECKS];
    default:
      return [...COMPARISONS, ...LISTS, ...PATTERNS, ...NULL_CHECKS, ...TRUTH_CHECKS];
  }
}

/** The operator a filter starts with on a column: a list for most, a truth check for a boolean. */
export function defaultOperatorFor(
  column: Pick<DatasourceColumn, 'is_dttm' | 'type_generic'> | undefined,
): AdhocFilterOperator {
  return operatorsForColumn(column).includes('IN') ? 'IN' : 'IS TRUE';
}
