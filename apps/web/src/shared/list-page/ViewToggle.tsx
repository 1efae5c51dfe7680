import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import type { ReactNode } from 'react';

export type ListViewMode = 'table' | 'card';

const VIEW_MODES: { value: ListViewMode; icon: ReactNode; title: string }[] = [
  { value: 'card', icon: <AppstoreOutlined />, title: 'Card view' },
  { value: 'table', icon: <BarsOutlined />, title: 'List view' },
];

interface ViewToggleProps {
  /** The toggle's data-test; each option is `<prefix>-card` / `<prefix>-table` under `prefix`. */
  'data-test': string;
  prefix: string;
  value: ListViewMode;
  onChange: (mode: ListViewMode) => void;
}

/** Switches a list page between its cards and its table. */
export function ViewToggle({ 'data-test': dataTest, prefix, value, onChange }: ViewToggleProps) {
  return (
    <Segmented<ListViewMode>
      data-test={dataTest}
      value={value}
      onChange={onChange}
      options={VIEW_MODES.map((mode) => ({
        value: mode.value,
        icon: <span data-test={`${prefix}-${mode.value}`}>{mode.icon}</span>,
        title: mode.title,
      }))}
    />
  );
}
