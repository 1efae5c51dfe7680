import type { ExploreFormData, PanelShape } from './form-data';
import { panelControlNames, panelControls } from './form-data';
import { isEmptyValue } from './control-validators';

/** Keys that belong to the chart, not to a control panel; they survive every viz switch. */
export const VIZ_INDEPENDENT_KEYS = [
  'datasource',
  'slice_id',
  'url_params',
  'adhoc_filters',
  'time_range',
  'granularity_sqla',
  'extra_form_data',
  'dashboards',
] as const;

/**
 * Controls that hold the same kind of value under different names in different plugins: a single
 * `metric` in a pie is the first of a line chart's `metrics`; a table's `groupby` is a pie's `groupby`
 * and a bar chart's `groupby` (series). Switching carries the family's value into the new name.
 */
const FAMILIES: readonly { multi: readonly string[]; single: readonly string[] }[] = [
  { multi: ['metrics'], single: ['metric', 'size', 'x'] },
  { multi: ['groupby', 'columns', 'series_columns'], single: ['series', 'entity'] },
];

function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return isEmptyValue(value) ? [] : [value];
}

function familyValue(formData: ExploreFormData, names: readonly string[]): unknown[] {
  for (const name of names) {
    const list = asList(formData[name]);
    if (list.length > 0) return list;
  }
  return [];
}

function sameItem(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

export interface VizSwitchResult {
  formData: ExploreFormData;
  /** Fields the new viz does not show, kept so switching back restores them (spec 001 §4 'Stash'). */
  hiddenFormData: ExploreFormData;
}

/**
 * Form data for a new viz type: values of controls both panels declare are kept, family values are
 * mapped (metrics → metric …), the new panel's other controls take their stashed value or default,
 * and every value the new panel does not declare moves into hiddenFormData.
 */
export function switchVizType(
  formData: ExploreFormData,
  hiddenFormData: ExploreFormData,
  nextVizType: string,
  nextPanel: PanelShape,
): VizSwitchResult {
  const nextNames = panelControlNames(nextPanel);
  const keep = new Set<string>([...VIZ_INDEPENDENT_KEYS, 'viz_type']);
  const nextFormData: ExploreFormData = { viz_type: nextVizType };
  const nextHidden: ExploreFormData = { ...hiddenFormData };

  for (const [key, value] of Object.entries(formData)) {
    if (key === 'viz_type') continue;
    if (keep.has(key) || nextNames.has(key)) nextFormData[key] = value;
    else nextHidden[key] = value;
  }

  for (const control of panelControls(nextPanel)) {
    if (control.name in nextFormData && !isEmptyValue(nextFormData[control.name])) continue;
    const family = FAMILIES.find(
      (candidate) => candidate.multi.includes(control.name) || candidate.single.includes(control.name),
    );
    const carried = family ? familyValue(formData, [...family.multi, ...family.single]) : [];
    const stashed = hiddenFormData[control.name];
    // The stash wins when it agrees with what the user has now (pie's metric was the first of the
    // line chart's metrics): switching back then restores all of them, not just the first.
    const stashAgrees = carried.length === 0 || sameItem(asList(stashed)[0], carried[0]);
    if (stashed !== undefined && stashAgrees) {
      nextFormData[control.name] = stashed;
    } else if (carried.length > 0) {
      const multi = control.multi ?? family?.multi.includes(control.name) ?? false;
      nextFormData[control.name] = multi ? carried : carried[0];
    } else if (control.default !== undefined) {
      nextFormData[control.name] = control.default;
    }
  }
  // A value now shown again is no longer hidden.
  return {
    formData: nextFormData,
    hiddenFormData: Object.fromEntries(Object.entries(nextHidden).filter(([key]) => !(key in nextFormData))),
  };
}
