import { z } from 'zod';
import type { PrivilegeRisk } from '@tessera/contracts';
import type { MysqlRowsQuery } from './mysql-metadata';

const privilegeRow = z.object({ PRIVILEGE_TYPE: z.string() });

// USER_PRIVILEGES lists the global privileges of the current account (and only those, for a
// non-admin); CURRENT_USER() is the account the server matched, e.g. root@localhost.
const PRIVILEGES_SQL = `
  SELECT PRIVILEGE_TYPE FROM information_schema.USER_PRIVILEGES
  WHERE GRANTEE = CONCAT('''', SUBSTRING_INDEX(CURRENT_USER(), '@', 1), '''@''',
                         SUBSTRING_INDEX(CURRENT_USER(), '@', -1), '''')
    AND PRIVILEGE_TYPE IN ('FILE', 'SUPER')`;

export async function mysqlPrivilegeRisks(query: MysqlRowsQuery): Promise<PrivilegeRisk[]> {
  const types = new Set(
    z
      .array(privilegeRow)
      .parse(await query(PRIVILEGES_SQL))
      .map((row) => row.PRIVILEGE_TYPE),
  );
  const risks: PrivilegeRisk[] = [];
  if (types.has('FILE')) risks.push('file_privilege');
  if (types.has('SUPER')) risks.push('super_privilege');
  return risks;
}
