import { isEmptyValue } from './control-validators';
import { isRecord, panelControls, type ExploreFormData, type PanelShape } from './form-data';
import type { TemporalDatasource } from './temporal-filter';

/** Controls naming the column a chart puts on its time axis. */
const TIME_AXIS_CONTROLS = new Set(['x_axis', 'granularity_sqla']);

/**
 * The dataset's time column for a chart's axis: a legacy chart's `granularity_sqla` when it is
 * temporal, else the main datetime column, else the first temporal column; null without one.
 */
export function defaultTimeAxisColumn(
  formData: ExploreFormData,
  datasource: TemporalDatasource,
): string | null {
  const temporal = new Set(
    datasource.columns.filter((column) => column.is_dttm).map((column) => column.column_name),
  );
  const legacy = formData.granularity_sqla;
  if (typeof legacy === 'string' && temporal.has(legacy)) return legacy;
  if (datasource.main_dttm_col !== null && temporal.has(datasource.main_dttm_col))
    return datasource.main_dttm_col;
  return datasource.columns.find((column) => column.is_dttm)?.column_name ?? null;
}

/**
 * Fills the panel's x-axis / time column controls from the dataset, so a chart gets the same axis
 * however it is opened (URL, viz switch, new chart, dataset change). A value already set is kept when
 * the control accepts it: any column for a plain column control, a temporal column (or an adhoc SQL
 * column) for a temporal one. A temporal control holding a non-temporal column gets the default.
 */
export function withTimeAxisDefaults(
  formData: ExploreFormData,
  datasource: TemporalDatasource,
  panel: PanelShape,
): ExploreFormData {
  const temporal = new Set(
    datasource.columns.filter((column) => column.is_dttm).map((column) => column.column_name),
  );
  const fallback = defaultTimeAxisColumn(formData, datasource);
  const result: ExploreFormData = { ...formData };
  for (const control of panelControls(panel)) {
    if (!TIME_AXIS_CONTROLS.has(control.name)) continue;
    const value = result[control.name];
    const needsTemporal = control.type === 'TemporalColumnControl' || control.name === 'granularity_sqla';
    const accepted =
      !isEmptyValue(value) &&
      (!needsTemporal || isRecord(value) || (typeof value === 'string' && temporal.has(value)));
    if (accepted) continue;
    if (fallback !== null) result[control.name] = fallback;
    else if (!isEmptyValue(value)) result[control.name] = null;
  }
  return result;
}
