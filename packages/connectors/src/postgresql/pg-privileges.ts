import { z } from 'zod';
import type { PrivilegeRisk } from '@tessera/contracts';
import type { PgRowsQuery } from './pg-metadata';

const SERVER_FILE_ROLES = [
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
] as const;

const riskRow = z.object({ superuser: z.boolean(), roles: z.array(z.string()) });

// pg_has_role(..., 'MEMBER') follows indirect membership too; a superuser is a member of every role,
// so the roles are only reported for non-superusers.
const PRIVILEGES_SQL = `
  SELECT r.rolsuper AS superuser,
         ARRAY(SELECT b.rolname::text FROM pg_roles b
               WHERE b.rolname = ANY($1::text[]) AND pg_has_role(current_user, b.oid, 'MEMBER')
               ORDER BY b.rolname) AS roles
  FROM pg_roles r WHERE r.rolname = current_user`;

export async function pgPrivilegeRisks(query: PgRowsQuery): Promise<PrivilegeRisk[]> {
  const [row] = z.array(riskRow).parse(await query(PRIVILEGES_SQL, [[...SERVER_FILE_ROLES]]));
  if (!row) return [];
  if (row.superuser) return ['superuser'];
  return SERVER_FILE_ROLES.filter((role) => row.roles.includes(role));
}
