/** The admin password the e2e server starts with (TESSERA_ADMIN_PASSWORD). */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

/** The PostgreSQL and MariaDB database the flows browse, named after the port so two runs never share one. */
export const E2E_DB = `tessera_e2e_${String(Number(process.env.E2E_PORT ?? 18_088))}`;
