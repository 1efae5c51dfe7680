import { Flex, Input, Radio, Segmented, theme, Typography } from 'antd';
import { describeTimeRange } from '@tessera/core';
import { CustomRangeSide } from './CustomRangeSide';
import {
  joinRange,
  presetRanges,
  rangeForKind,
  splitRange,
  TIME_RANGE_KINDS,
  type TimeRangeKind,
} from './time-range';

const KIND_LABELS: Record<TimeRangeKind, string> = {
  none: 'No filter',
  last: 'Last',
  previous: 'Previous',
  current: 'Current',
  custom: 'Custom',
  advanced: 'Advanced',
};

const ADVANCED_HINT =
  'Each side: today, now, 2000-01-01, "7 days ago", DATEADD(DATETIME("today"), -1, year), ' +
  'DATETRUNC(DATETIME("now"), month), LASTDAY(DATETIME("today"), month). Start inclusive, end exclusive.';

interface TimeRangeEditorProps {
  value: string;
  kind: TimeRangeKind;
  onChange: (value: string, kind: TimeRangeKind) => void;
  /** The column the range applies to, named in the actual range. */
  column: string;
}

/** Picks a time range by kind and shows what it resolves to now (Superset's date filter popover). */
export function TimeRangeEditor({ value, kind, onChange, column }: TimeRangeEditorProps) {
  const { token } = theme.useToken();
  const [since, until] = splitRange(value);
  const actual = describeTimeRange(value, column, new Date());
  const presets = presetRanges(kind);
  return (
    <Flex vertical gap={token.marginSM} data-test="time-range-editor">
      <Segmented<TimeRangeKind>
        block
        size="small"
        value={kind}
        onChange={(next) => {
          onChange(rangeForKind(next, value), next);
        }}
        options={TIME_RANGE_KINDS.map((key) => ({
          value: key,
          label: <span data-test={`time-range-kind-${key}`}>{KIND_LABELS[key]}</span>,
        }))}
        data-test="time-range-kind"
      />
      {presets.length > 0 ? (
        <Radio.Group
          value={value}
          onChange={(event) => {
            onChange(String(event.target.value), kind);
          }}
        >
          <Flex vertical gap={token.marginXXS}>
            {presets.map((range) => (
              <Radio
                key={range}
                value={range}
                data-test={`time-range-${range.replace(/\s+/g, '-').toLowerCase()}`}
              >
                {range.replace(/^./, (first) => first.toUpperCase())}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      ) : null}
      {kind === 'custom' ? (
        <Flex gap={token.marginSM}>
          <CustomRangeSide
            side="since"
            label="START (INCLUSIVE)"
            value={since}
            onChange={(text) => {
              onChange(joinRange(text, until), kind);
            }}
          />
          <CustomRangeSide
            side="until"
            label="END (EXCLUSIVE)"
            value={until}
            onChange={(text) => {
              onChange(joinRange(since, text), kind);
            }}
          />
        </Flex>
      ) : null}
      {kind === 'advanced' ? (
        <Flex vertical gap={token.marginXS}>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {ADVANCED_HINT}
          </Typography.Text>
          <Input
            size="small"
            prefix={<Typography.Text type="secondary">Start</Typography.Text>}
            placeholder='e.g. DATEADD(DATETIME("today"), -1, year)'
            value={since}
            onChange={(event) => {
              onChange(joinRange(event.target.value, until), kind);
            }}
            data-test="time-range-since"
          />
          <Input
            size="small"
            prefix={<Typography.Text type="secondary">End</Typography.Text>}
            placeholder="e.g. today"
            value={until}
            onChange={(event) => {
              onChange(joinRange(since, event.target.value), kind);
            }}
            data-test="time-range-until"
          />
        </Flex>
      ) : null}
      <Flex vertical gap={token.marginXXS}>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          Actual time range
        </Typography.Text>
        {actual.ok ? (
          <Typography.Text code data-test="time-range-actual">
            {actual.text}
          </Typography.Text>
        ) : (
          <Typography.Text type="danger" data-test="time-range-error">
            {actual.error}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
