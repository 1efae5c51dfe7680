import { CalendarOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, theme } from 'antd';
import { useState } from 'react';
import { NO_TIME_RANGE } from '@tessera/contracts';
import { isValidTimeRange, timeRangeKind, type TimeRangeKind } from './time-range';
import { TimeRangeEditor } from './TimeRangeEditor';

interface TimeRangeControlProps {
  name: string;
  value: unknown;
  onChange: (value: string) => void;
  /** The column the range applies to, named in the actual range. */
  column?: string;
}

/** The time range picker as a control of its own: a button opening the editor, applied on Apply. */
export function TimeRangeControl({ name, value, onChange, column = 'col' }: TimeRangeControlProps) {
  const { token } = theme.useToken();
  const current = typeof value === 'string' && value !== '' ? value : NO_TIME_RANGE;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(current);
  const [kind, setKind] = useState<TimeRangeKind>(timeRangeKind(current));

  const editor = (
    <Flex vertical gap={token.marginSM} style={{ width: 440 }}>
      <TimeRangeEditor
        value={draft}
        kind={kind}
        column={column}
        onChange={(next, nextKind) => {
          setDraft(next);
          setKind(nextKind);
        }}
      />
      <Flex justify="end" gap={token.marginXS}>
        <Button
          size="small"
          onClick={() => {
            setOpen(false);
          }}
          data-test="time-range-cancel"
        >
          Cancel
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!isValidTimeRange(draft)}
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
