/** The alerts of spec 001 §4 'Chart status'; `%s` is replaced by the render error's message. */
export const CHART_MESSAGES = {
  stopped: 'Updating chart was stopped',
  networkError: 'Network error.',
  renderFailed: 'An error occurred while rendering the visualization: %s',
  /** A saved chart whose viz type no plugin draws (e.g. a Superset deck.gl chart imported here). */
  unsupportedVizType: 'This visualization type is not supported',
} as const;

export function chartRenderFailedMessage(error: string): string {
  return CHART_MESSAGES.renderFailed.replace('%s', error);
}
