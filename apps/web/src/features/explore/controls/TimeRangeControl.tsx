import { CalendarOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Radio, Segmented, theme, Typography } from 'antd';
import { useState } from 'react';
import { NO_TIME_RANGE } from '@tessera/contracts';
import {
  joinRange,
  LAST_RANGES,
  PREVIOUS_RANGES,
  splitRange,
  timeRangeKind,
  type TimeRangeKind,
} from './time-range';

interface TimeRangeControlProps {
  name: string;
  value: unknown;
  onChange: (value: string) => void;
}

const KIND_LABELS: Record<TimeRangeKind, string> = {
  none: 'No filter',
  last: 'Last',
  previous: 'Previous',
  custom: 'Custom',
  advanced: 'Advanced',
};

/** The time range picker: No filter, Last …, Previous …, custom since/until dates, or advanced expressions. */
export function TimeRangeControl({ name, value, onChange }: TimeRangeControlProps) {
  const { token } = theme.useToken();
  const current = typeof value === 'string' && value !== '' ? value : NO_TIME_RANGE;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(current);
  const [kind, setKind] = useState<TimeRangeKind>(timeRangeKind(current));
  const [since, until] = splitRange(draft);

  const switchKind = (next: TimeRangeKind) => {
    setKind(next);
    if (next === 'none') setDraft(NO_TIME_RANGE);
    if (next === 'last') setDraft(LAST_RANGES[1]);
    if (next === 'previous') setDraft(PREVIOUS_RANGES[0]);
    if (next === 'custom' || next === 'advanced')
      setDraft(timeRangeKind(draft) === next ? draft : joinRange('', ''));
  };

  const editor = (
    <Flex vertical gap={token.marginSM} style={{ width: 380 }} data-test="time-range-editor">
      <Segmented<TimeRangeKind>
        block
        size="small"
        value={kind}
        onChange={switchKind}
        options={(Object.keys(KIND_LABELS) as TimeRangeKind[]).map((key) => ({
          value: key,
          label: KIND_LABELS[key],
        }))}
        data-test="time-range-kind"
      />
      {kind === 'last' || kind === 'previous' ? (
        <Radio.Group
          value={draft}
          onChange={(event) => {
            setDraft(String(event.target.value));
          }}
        >
          <Flex vertical gap={token.marginXXS}>
            {(kind === 'last' ? LAST_RANGES : PREVIOUS_RANGES).map((range) => (
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
      {kind === 'custom' || kind === 'advanced' ? (
        <Flex vertical gap={token.marginXS}>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {kind === 'custom'
              ? 'Dates as YYYY-MM-DD; leave a side empty for an open range. Start is inclusive, end exclusive.'
              : 'Expressions such as today, now, "7 days ago", DATEADD(DATETIME("today"), -1, year).'}
          </Typography.Text>
          <Input
            prefix={<Typography.Text type="secondary">Start</Typography.Text>}
            placeholder={kind === 'custom' ? 'YYYY-MM-DD' : 'e.g. 1 year ago'}
            value={since}
            onChange={(event) => {
              setDraft(joinRange(event.target.value, until));
            }}
            data-test="time-range-since"
          />
          <Input
            prefix={<Typography.Text type="secondary">End</Typography.Text>}
            placeholder={kind === 'custom' ? 'YYYY-MM-DD' : 'e.g. today'}
            value={until}
            onChange={(event) => {
              setDraft(joinRange(since, event.target.value));
            }}
            data-test="time-range-until"
          />
        </Flex>
      ) : null}
      <Typography.Text code style={{ fontSize: token.fontSizeSM }}>
        {draft}
      </Typography.Text>
      <Flex justify="end" gap={token.marginXS}>
        <Button
          size="small"
          onClick={() => {
            setOpen(false);
          }}
        >
          Cancel
        </Button>
        <Button
          size="small"
          type="primary"
          onClick={() => {
            onChange(draft);
            setOpen(false);
          }}
          data-test="time-range-apply"
        >
          Apply
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setDraft(current);
          setKind(timeRangeKind(current));
        }
        setOpen(next);
      }}
      content={editor}
      destroyOnHidden
    >
      <Button
        block
        icon={<CalendarOutlined />}
        style={{ justifyContent: 'flex-start' }}
        data-test={`time-range-${name}`}
      >
        {current}
      </Button>
    </Popover>
  );
}
