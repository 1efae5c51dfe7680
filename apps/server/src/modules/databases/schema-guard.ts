import { sip40Error } from '../../platform/errors';
import { canUseSchema, canUseWholeDatabase } from '../security/grants';
import type { Principal } from '../security/principal';
import type { DatabaseRow } from './registry';

/** Table lists and metadata of one schema: refused (403) outside the caller's schema_access grants. */
export function assertSchemaReadable(principal: Principal, row: DatabaseRow, schema: string | null): void {
  if (canUseSchema(principal, row, schema)) return;
  throw sip40Error(
    403,
    'TABLE_SECURITY_ACCESS_ERROR',
    schema === null
      ? 'Choose a schema: you have access to some schemas of this database only.'
      : `You do not have access to the schema ${schema} of this database.`,
  );
}

/** The schemas of a listing the caller may see. */
export function readableSchemas(principal: Principal, row: DatabaseRow, schemas: string[]): string[] {
  if (canUseWholeDatabase(principal, row)) return schemas;
  return schemas.filter((schema) => canUseSchema(principal, row, schema));
}
