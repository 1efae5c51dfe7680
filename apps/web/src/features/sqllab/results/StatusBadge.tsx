import { Tag } from 'antd';
import type { BadgeStatus } from '../state';
import { tagColorOf } from './status-colors';

/** The query's state in the spec's colours (danger, info, warning, success). */
export function StatusBadge({ status }: { status: BadgeStatus }) {
  return (
    <Tag
      color={tagColorOf(status)}
      data-test="sqllab-status"
      data-state={status}
      style={{ marginInlineEnd: 0 }}
    >
      {status.replace('_', ' ')}
    </Tag>
  );
}
