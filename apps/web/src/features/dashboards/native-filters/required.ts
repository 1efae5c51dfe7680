import type { NativeFilter } from '@tessera/contracts';

export const FILTER_REQUIRED_MESSAGE = 'Value is required';

/** 'Filter value is required' (enableEmptyFilter) or 'requiredFirst': the filter must hold a value. */
export function isRequired(filter: NativeFilter): boolean {
  return filter.controlValues?.enableEmptyFilter === true || filter.requiredFirst === true;
}
