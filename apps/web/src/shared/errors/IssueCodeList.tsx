import type { SupersetError } from '@tessera/contracts';
import { Typography } from 'antd';
import { collectIssueCodes } from './issue-codes';

/** "Issue 1015 - ..." lines for the issue codes of the given errors; nothing when there are none. */
export function IssueCodeList({ errors }: { errors: readonly SupersetError[] | undefined }) {
  const codes = collectIssueCodes(errors);
  if (codes.length === 0) return null;
  return (
    <ul data-test="issue-codes" style={{ margin: 0, paddingInlineStart: '1.25em' }}>
      {codes.map((item) => (
        <li key={item.code}>
          <Typography.Text type="secondary">{item.message}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
