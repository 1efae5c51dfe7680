import {
  DASHBOARD_POSITION_DATA_LIMIT,
  DASHBOARD_VERSION,
  DASHBOARD_VERSION_KEY,
  type DashboardJsonMetadata,
  type DashboardLayout,
  type DashboardUpdate,
} from '@tessera/contracts';
import { toApiError } from '../../../shared/errors/to-api-error';
import type { DashboardProperties } from './properties-form';

export const SAVE_SUCCESS = 'This dashboard was saved successfully.';
export const SAVE_FORBIDDEN = 'You do not have permission to edit this dashboard';
export const OVERWRITE_CONFIRM = 'Please confirm the overwrite values.';
/** Not in the spec: the layout JSON over the server's position data limit (reference §8.3). */
export const LAYOUT_TOO_LARGE = `The layout is too large to save (over ${String(DASHBOARD_POSITION_DATA_LIMIT)} characters). Remove some components and try again.`;

export function saveErrorText(reason: string): string {
  return `Sorry, there was an error saving this dashboard: ${reason}`;
}

/** The toast for a failed save (spec 001 §6, §8): 403 has its own sentence. */
export function saveFailureMessage(error: unknown): string {
  const apiError = toApiError(error);
  if (apiError?.status === 403) return SAVE_FORBIDDEN;
  return saveErrorText(apiError?.message ?? apiError?.error ?? 'Sorry, an unknown error occurred');
}

/** The layout as `position_json` text, with the version key the server and Superset expect. */
export function positionJsonOf(layout: DashboardLayout): string {
  return JSON.stringify({ ...layout, [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION });
}

/**
 * The PUT body of a save: the layout, the metadata (with the properties' changes, colour scheme,
 * refresh frequency), the CSS and the properties' fields.
 */
export function buildSaveBody(input: {
  layout: DashboardLayout;
  metadata: DashboardJsonMetadata;
  css: string;
  properties: DashboardProperties | null;
}): { body: DashboardUpdate } | { error: string } {
  const positionJson = positionJsonOf(input.layout);
  if (positionJson.length > DASHBOARD_POSITION_DATA_LIMIT) return { error: LAYOUT_TOO_LARGE };
  const metadata = input.properties?.json_metadata ?? input.metadata;
  const body: DashboardUpdate = {
    position_json: positionJson,
    json_metadata: JSON.stringify(metadata),
    css: input.css,
  };
  if (input.properties !== null) {
    const { json_metadata: _metadata, ...fields } = input.properties;
    Object.assign(body, fields);
  }
  return { body };
}

/**
 * Whether someone else saved the dashboard since it was loaded: the server's changed_on (or the
 * last_modified_time a previous save answered) differs from what this page holds.
 */
export function needsOverwriteConfirmation(loadedChangedOn: string, serverChangedOn: string): boolean {
  const loaded = Date.parse(loadedChangedOn);
  const server = Date.parse(serverChangedOn);
  if (Number.isNaN(loaded) || Number.isNaN(server)) return loadedChangedOn !== serverChangedOn;
  return server > loaded;
}
