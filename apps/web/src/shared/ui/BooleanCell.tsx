import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { Typography } from 'antd';

/** A yes/no table cell: a check for yes, a muted dash for no, with text for screen readers. */
export function BooleanCell({ value }: { value: boolean }) {
  return value ? (
    <Typography.Text type="success" aria-label="Yes">
      <CheckOutlined />
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary" aria-label="No">
      <MinusOutlined />
    </Typography.Text>
  );
}
