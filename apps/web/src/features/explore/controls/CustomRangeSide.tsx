import { DatePicker, Flex, InputNumber, Select, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  customSideText,
  defaultCustomSide,
  parseCustomSide,
  RELATIVE_UNITS,
  type CustomSide,
  type CustomSideMode,
} from './time-range';

const MODE_LABELS: Record<CustomSideMode, string> = {
  specific: 'Specific date',
  relative: 'Relative date',
  now: 'Now',
  today: 'Midnight',
  open: 'Unbounded',
};

interface CustomRangeSideProps {
  /** 'since' or 'until': names the data-test hooks. */
  side: 'since' | 'until';
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/** One side of a custom range: a mode, then a date picker or an amount and unit. */
export function CustomRangeSide({ side, label, value, onChange }: CustomRangeSideProps) {
  const { token } = theme.useToken();
  const parsed: CustomSide = parseCustomSide(value) ?? { mode: 'open' };
  const change = (next: CustomSide) => {
    onChange(customSideText(next));
  };
  // Menus render inside the popover, so picking from them does not count as a click outside it.
  const container = (trigger: HTMLElement) => trigger.parentElement ?? document.body;
  return (
    <Flex
      vertical
      gap={token.marginXXS}
      style={{ flex: 1, minWidth: 0 }}
      data-test={`time-range-${side}-side`}
    >
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {label}
      </Typography.Text>
      <Select<CustomSideMode>
        size="small"
        value={parsed.mode}
        getPopupContainer={container}
        onChange={(mode) => {
          change(defaultCustomSide(mode, dayjs().format('YYYY-MM-DD')));
        }}
        options={(Object.keys(MODE_LABELS) as CustomSideMode[]).map((mode) => ({
          value: mode,
          label: MODE_LABELS[mode],
        }))}
        data-test={`time-range-${side}-mode`}
      />
      {parsed.mode === 'specific' ? (
        <DatePicker
          size="small"
          allowClear={false}
          value={dayjs(parsed.date)}
          getPopupContainer={container}
          onChange={(date: dayjs.Dayjs | null) => {
            if (date) change({ mode: 'specific', date: date.format('YYYY-MM-DD') });
          }}
          data-test={`time-range-${side}-date`}
        />
      ) : null}
      {parsed.mode === 'relative' ? (
        <Flex gap={token.marginXXS}>
          <InputNumber
            size="small"
            min={1}
            precision={0}
            value={parsed.amount}
            onChange={(amount) => {
              if (typeof amount === 'number' && amount >= 1) change({ ...parsed, amount });
            }}
            style={{ width: 64 }}
            data-test={`time-range-${side}-amount`}
          />
          <Select
            size="small"
            value={parsed.unit}
            getPopupContainer={container}
            onChange={(unit: (typeof RELATIVE_UNITS)[number]) => {
              change({ ...parsed, unit });
            }}
            options={RELATIVE_UNITS.map((unit) => ({ value: unit, label: `${unit}s` }))}
            style={{ flex: 1 }}
            data-test={`time-range-${side}-unit`}
          />
          <Select
            size="small"
            value={parsed.direction}
            getPopupContainer={container}
            onChange={(direction: 'ago' | 'later') => {
              change({ ...parsed, direction });
            }}
            options={[
              { value: 'ago', label: 'ago' },
              { value: 'later', label: 'later' },
            ]}
            style={{ width: 72 }}
            data-test={`time-range-${side}-direction`}
          />
        </Flex>
      ) : null}
    </Flex>
  );
}
