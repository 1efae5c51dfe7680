/** What the Explore page loads, read from its URL (spec 001 §2 'Explore'). */
export interface ExploreUrlState {
  sliceId: number | null;
  datasourceId: number | null;
  datasourceType: string;
  vizType: string | null;
  formDataKey: string | null;
  permalinkKey: string | null;
  standalone: boolean;
  force: boolean;
  /** The dashboard Explore was opened from (its save dialog preselects it). */
  dashboardId: number | null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

function flag(value: string | null): boolean {
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * Reads slice_id, datasource_id + datasource_type (or the legacy `datasource=3__table`), viz_type,
 * form_data_key, permalink (from the path or the query), standalone, force and dashboard_id.
 */
export function readExploreUrl(search: string, permalinkFromPath?: string): ExploreUrlState {
  const params = new URLSearchParams(search);
  let datasourceId = positiveInt(params.get('datasource_id'));
  let datasourceType = params.get('datasource_type') ?? 'table';
  const legacy = params.get('datasource');
  if (datasourceId === null && legacy !== null) {
    const [id, type] = legacy.split('__');
    datasourceId = positiveInt(id ?? null);
    if (type) datasourceType = type;
  }
  return {
    sliceId: positiveInt(params.get('slice_id')),
    datasourceId,
    datasourceType,
    vizType: params.get('viz_type'),
    formDataKey: params.get('form_data_key'),
    permalinkKey: permalinkFromPath ?? params.get('permalink_key'),
    standalone: flag(params.get('standalone')),
    force: flag(params.get('force')),
    dashboardId: positiveInt(params.get('dashboard_id')),
  };
}
