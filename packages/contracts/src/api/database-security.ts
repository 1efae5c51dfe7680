import { z } from 'zod';

/**
 * What a connection's user may do that read-only mode cannot take away: PostgreSQL superuser or
 * server-file roles, MySQL/MariaDB FILE or SUPER. Reported by test_connection and GET database.
 */
export const PRIVILEGE_RISKS = [
  'superuser',
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
  'file_privilege',
  'super_privilege',
] as const;
export type PrivilegeRisk = (typeof PRIVILEGE_RISKS)[number];

const PARSER_ONLY =
  'Read-only mode then depends on the SQL parser alone. Connect with a least-privileged user (see docs/security.md).';

export const SECURITY_WARNING_MESSAGES: Readonly<Record<PrivilegeRisk, string>> = {
  superuser: `The connection's user is a PostgreSQL superuser. ${PARSER_ONLY}`,
  pg_read_server_files: `The connection's user is a member of pg_read_server_files and can read files on the database server. ${PARSER_ONLY}`,
  pg_write_server_files: `The connection's user is a member of pg_write_server_files and can write files on the database server. ${PARSER_ONLY}`,
  pg_execute_server_program: `The connection's user is a member of pg_execute_server_program and can run programs on the database server. ${PARSER_ONLY}`,
  file_privilege: `The connection's user has the FILE privilege and can read and write files on the database server. ${PARSER_ONLY}`,
  super_privilege: `The connection's user has the SUPER privilege. ${PARSER_ONLY}`,
};

export function securityWarningsOf(risks: readonly PrivilegeRisk[]): string[] {
  return risks.map((risk) => SECURITY_WARNING_MESSAGES[risk]);
}

export const securityWarningsSchema = z.array(z.string());

export const testConnectionResponseSchema = z.object({
  message: z.string(),
  /** One sentence per privilege that makes read-only depend on the parser; empty when none. */
  security_warnings: securityWarningsSchema,
});
export type TestConnectionResponse = z.infer<typeof testConnectionResponseSchema>;

/**
 * `extra.read_only_role` (PostgreSQL): a role every read-only statement runs as, taken with
 * SET LOCAL ROLE inside its read-only transaction. Other keys of extra are left to their owners.
 */
export const readOnlyRoleExtraSchema = z.object({
  read_only_role: z.string().trim().min(1).max(63).nullable().optional(),
});
