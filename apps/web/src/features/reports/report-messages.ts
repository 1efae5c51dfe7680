/** Spec 001 §8's report messages, shared by the list, the dialog and the header menus. */
export const REPORT_UI_MESSAGES = {
  fetchAttached: 'There was an issue fetching reports attached to this dashboard.',
  created: 'The report has been created',
  updated: 'Report updated',
  toggleFailed: 'We were unable to active or deactivate this report.',
  deleteFailed: 'Your report could not be deleted',
  deleted: (name: string) => `Deleted: ${name}`,
} as const;
