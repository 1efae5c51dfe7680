import type { ColumnMetadata } from '../types';
import { describeType } from './generic-types';

/** One metadata column; `type` is the long type without its "(...)" arguments, as Superset shows it. */
export function columnMetadata(column: {
  name: string;
  longType: string;
  nullable: boolean;
  default: string | null;
  comment: string | null;
  genericFrom?: string;
}): ColumnMetadata {
  const paren = column.longType.indexOf('(');
  const type = paren === -1 ? column.longType : column.longType.slice(0, paren).trim();
  return {
    name: column.name,
    type,
    longType: column.longType,
    ...describeType(column.genericFrom ?? column.longType),
    nullable: column.nullable,
    default: column.default,
    comment: column.comment,
  };
}
