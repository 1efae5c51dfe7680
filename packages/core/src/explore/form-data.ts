/**
 * Form data as Explore holds it: a JSON object keyed by control name. The chart package types it more
 * precisely (`FormData`); core works on any record so both the server and the web app can use it.
 */
export type ExploreFormData = Record<string, unknown>;

/** The control-panel shape core needs: names of the declared controls, their defaults and validators. */
export interface PanelControl {
  name: string;
  /** The widget kind (`ControlType` of @tessera/charts), e.g. 'TemporalColumnControl'. */
  type?: string;
  default?: unknown;
  multi?: boolean;
  validators?: readonly ControlValidatorSpec[];
  // Method syntax: plugins declare it over their narrower FormData type, which must still fit here.
  visibility?(formData: ExploreFormData): boolean;
}

export interface PanelShape {
  sections: readonly { controlSetRows: readonly (readonly PanelControl[])[] }[];
}

/** Mirrors `ControlValidator` of @tessera/charts (structurally identical, so plugins' values fit). */
export type ControlValidatorSpec =
  | { kind: 'nonEmpty' }
  | { kind: 'integer' }
  | { kind: 'positiveInteger' }
  | { kind: 'max'; max: number | null };

/** Every control a panel declares, in panel order. */
export function panelControls(panel: PanelShape): PanelControl[] {
  return panel.sections.flatMap((section) => section.controlSetRows.flat());
}

export function panelControlNames(panel: PanelShape): Set<string> {
  return new Set(panelControls(panel).map((control) => control.name));
}

export { isRecord } from '@tessera/contracts';
