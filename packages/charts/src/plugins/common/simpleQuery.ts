import type { ControlDeclaration, ControlPanelConfig } from '../../plugin-api';
import * as shared from '../../controls/shared';

export const sortByMetric: ControlDeclaration = {
  name: 'sort_by_metric',
  type: 'CheckboxControl',
  label: 'Sort by metric',
  default: true,
};

export const checkbox = (name: string, label: string, defaultValue: boolean): ControlDeclaration => ({
  name,
  type: 'CheckboxControl',
  label,
  default: defaultValue,
  renderTrigger: true,
});

export const numberInput = (
  name: string,
  label: string,
  defaultValue: number | null,
): ControlDeclaration => ({
  name,
  type: 'NumberControl',
  label,
  default: defaultValue,
  renderTrigger: true,
});

/** A Query section and a Chart Options section. */
export function controlPanel(
  queryRows: readonly (readonly ControlDeclaration[])[],
  optionRows: readonly (readonly ControlDeclaration[])[],
): ControlPanelConfig {
  return {
    sections: [
      shared.querySection(queryRows),
      { label: 'Chart Options', expanded: true, controlSetRows: optionRows },
    ],
  };
}
