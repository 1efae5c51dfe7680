import type { ActiveIndicator } from './indicator-store';

/** The line (beside) or outline (inside) that shows where a drop lands; red when it would be refused. */
export function DropLine({ indicator, axis }: { indicator: ActiveIndicator; axis: 'x' | 'y' }) {
  const classes = [
    'tsr-drop-line',
    `is-${indicator.position}`,
    `is-${axis}`,
    indicator.refused ? 'is-refused' : '',
  ].join(' ');
  return (
    <div
      className={classes}
      data-test="dashboard-drop-indicator"
      data-drop-position={indicator.position}
      data-drop-refused={indicator.refused ? 'true' : 'false'}
    />
  );
}
