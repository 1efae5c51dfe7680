import type { ReportState } from '@tessera/contracts';
import { Tag } from 'antd';

const COLORS: Record<ReportState, string> = {
  Success: 'success',
  Working: 'processing',
  Error: 'error',
  'Not triggered': 'default',
  'On Grace': 'warning',
};

/** A schedule's last state, or a run's state, as a coloured tag. */
export function ReportStateTag({ state }: { state: ReportState }) {
  return (
    <Tag color={COLORS[state]} data-test="report-state">
      {state}
    </Tag>
  );
}

/** A server instant (ISO text) in the browser's local time; null shows as a dash. */
export function localTime(instant: string | null): string {
  if (instant === null) return '—';
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : date.toLocaleString();
}
