import { Flex, InputNumber } from 'antd';
import type { FilterValue } from './filter-mask';

interface RangeFilterProps {
  value: FilterValue;
  onChange: (value: FilterValue) => void;
}

function bound(value: FilterValue, index: 0 | 1): number | null {
  if (!Array.isArray(value)) return null;
  const v = value[index];
  return typeof v === 'number' ? v : null;
}

/** A numeric range: from and to, either open; both empty clears the filter. */
export function RangeFilter({ value, onChange }: RangeFilterProps) {
  const min = bound(value, 0);
  const max = bound(value, 1);
  const set = (nextMin: number | null, nextMax: number | null) =>
    onChange(nextMin === null && nextMax === null ? null : [nextMin, nextMax]);
  return (
    <Flex gap={8} align="center">
      <InputNumber
        value={min}
        placeholder="Min"
        onChange={(next) => set(typeof next === 'number' ? next : null, max)}
        style={{ flex: 1 }}
        data-test="filter-range-min"
      />
      <span>≤ x ≤</span>
      <InputNumber
        value={max}
        placeholder="Max"
        onChange={(next) => set(min, typeof next === 'number' ? next : null)}
        style={{ flex: 1 }}
        data-test="filter-range-max"
      />
    </Flex>
  );
}
