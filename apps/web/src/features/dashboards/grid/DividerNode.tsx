import { Divider } from 'antd';

export function DividerNode() {
  return <Divider data-test="grid-divider" style={{ margin: '8px 0' }} />;
}
