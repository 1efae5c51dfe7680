import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatDuration } from './duration';

const TICK_MS = 100;

/** Time since the query started, ticking while it runs; the final duration once it has ended. */
export function ElapsedTimer({
  start,
  end,
  running,
}: {
  start: number;
  end: number | null;
  running: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  // A known end time means the query is over, whatever state a late report left it in.
  const ticking = running && end === null;
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [ticking]);
  const elapsed = (end ?? now) - start;
  return (
    <Typography.Text
      type="secondary"
      code
      data-test="sqllab-timer"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatDuration(elapsed)}
    </Typography.Text>
  );
}
