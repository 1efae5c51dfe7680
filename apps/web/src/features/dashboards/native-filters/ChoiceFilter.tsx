import { Select } from 'antd';
import type { FilterValue } from './filter-mask';

interface ChoiceFilterProps {
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  choices: readonly { value: string; label: string }[];
  test: string;
}

/** One choice among a fixed list: the time column (the dataset's temporal columns) or the time grain. */
export function ChoiceFilter({ value, onChange, choices, test }: ChoiceFilterProps) {
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={typeof value === 'string' ? value : undefined}
      onChange={(next) => onChange(typeof next === 'string' ? next : null)}
      options={choices.map((choice) => ({ ...choice, 'data-test': `${test}-option` }))}
      placeholder="Select…"
      style={{ width: '100%' }}
      data-test={test}
    />
  );
}
