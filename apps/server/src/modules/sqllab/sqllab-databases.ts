import { backendOfUri } from '@tessera/connectors';
import type { SqlLabDatabase } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { canAccessDatabase } from '../databases/databases.service';
import { drillToDetailDisabled } from '../databases/drill-setting';
import type { Principal } from '../security/principal';

/** The `databases` map of GET /api/v1/sqllab/: databases exposed in SQL Lab that the caller may use. */
export async function sqlLabDatabases(
  ctx: AppContext,
  principal: Principal,
): Promise<Record<string, SqlLabDatabase>> {
  const rows = await ctx.store.db
    .selectFrom('databases')
    .selectAll()
    .where('expose_in_sqllab', '=', 1)
    .orderBy('id')
    .execute();
  const map: Record<string, SqlLabDatabase> = {};
  for (const row of rows) {
    if (!canAccessDatabase(principal, row)) continue;
    map[String(row.id)] = {
      id: row.id,
      database_name: row.database_name,
      backend: row.backend || backendOfUri(row.sqlalchemy_uri),
      allow_file_upload: row.allow_file_upload === 1,
      allow_ctas: row.allow_ctas === 1,
      allow_cvas: row.allow_cvas === 1,
      allow_dml: row.allow_dml === 1,
      allow_run_async: row.allow_run_async === 1,
      allows_subquery: true,
      expose_in_sqllab: true,
      force_ctas_schema: row.force_ctas_schema,
      disable_data_preview: row.disable_data_preview === 1,
      disable_drill_to_detail: drillToDetailDisabled(row.extra),
      allow_multi_catalog: false,
    };
  }
  return map;
}
