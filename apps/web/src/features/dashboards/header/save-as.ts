import {
  DASHBOARD_VERSION,
  DASHBOARD_VERSION_KEY,
  type DashboardCopy,
  type DashboardJsonMetadata,
  type DashboardLayout,
} from '@tessera/contracts';

/** The title 'Save as' offers first. */
export function copyTitle(title: string): string {
  return `${title === '' ? '[ untitled dashboard ]' : title} [copy]`;
}

/**
 * The POST /dashboard/{id}/copy/ body: the layout on screen (with edits not yet saved) travels as
 * json_metadata.positions, so the copy is what the user sees, not the last saved version.
 */
export function copyBody(input: {
  title: string;
  css: string;
  metadata: DashboardJsonMetadata;
  layout: DashboardLayout;
  duplicateCharts: boolean;
}): DashboardCopy {
  // The same version key a save writes into position_json.
  const positions = { ...input.layout, [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION };
  return {
    dashboard_title: input.title.trim(),
    css: input.css,
    json_metadata: JSON.stringify({ ...input.metadata, positions }),
    duplicate_slices: input.duplicateCharts,
  };
}
