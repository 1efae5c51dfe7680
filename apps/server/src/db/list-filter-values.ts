import type { ListFilter } from '@tessera/contracts';
import { messageError } from '../platform/errors';

/** The 400 of a list filter whose column, operator or value the list does not accept. */
export function refuseFilter(col: string, opr: string): never {
  throw messageError(400, { filters: [`Filter ${col} ${opr} is not allowed.`] });
}

/** Ids in rison arrive as numbers, sometimes as digit strings from select widgets. */
export function filterId(filter: ListFilter): number {
  const { value } = filter;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return refuseFilter(filter.col, filter.opr);
}

/** One id or a rison array of them. */
export function filterIds(filter: ListFilter): number[] {
  if (!Array.isArray(filter.value)) return [filterId(filter)];
  return filter.value.map((item) => filterId({ ...filter, value: item }));
}

export function filterText(filter: ListFilter): string {
  if (typeof filter.value !== 'string') return refuseFilter(filter.col, filter.opr);
  return filter.value;
}

/** A rison boolean, or the strings the list pages send for a yes/no select. */
export function filterFlag(filter: ListFilter): boolean {
  const { value } = filter;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0) return false;
  return refuseFilter(filter.col, filter.opr);
}
