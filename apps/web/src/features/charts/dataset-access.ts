/**
 * What a user who can read no dataset is told where a chart would start: the chart list's empty state and the
 * dataset picker of '+ Chart'. A Gamma user is in this state until an admin grants a dataset.
 */
export const NO_CHARTS_NO_DATASET_ACCESS =
  'No charts yet. You have no access to a dataset to build one from: ask an admin to grant you a dataset.';
export const NO_DATASET_ACCESS = 'You have no access to a dataset yet: ask an admin to grant you one.';
