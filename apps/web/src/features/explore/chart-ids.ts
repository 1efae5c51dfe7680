/** The chart id Explore uses before the chart is saved. */
export const UNSAVED_CHART_ID = 0;
