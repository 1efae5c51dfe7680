import { describeCron } from '@tessera/core';
import { Flex, Form, Input, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { CRON_PRESETS, presetOf, timeZoneNames } from './cron-presets';

interface SchedulePickerProps {
  crontab: string;
  timezone: string;
  cronErrors: string[] | undefined;
  timezoneErrors: string[] | undefined;
  onCrontab: (cron: string) => void;
  onTimezone: (zone: string) => void;
}

/** Presets that fill the cron field, the cron itself with its reading in words, and the time zone. */
export function SchedulePicker({
  crontab,
  timezone,
  cronErrors,
  timezoneErrors,
  onCrontab,
  onTimezone,
}: SchedulePickerProps) {
  const zones = useMemo(() => timeZoneNames().map((zone) => ({ value: zone, label: zone })), []);
  return (
    <>
      <Form.Item label="Schedule">
        <Flex vertical gap={8}>
          <Select<string>
            data-test="report-cron-preset"
            aria-label="Schedule preset"
            placeholder="Choose a preset"
            value={presetOf(crontab) ?? null}
            options={CRON_PRESETS.map((preset) => ({
              value: preset.key,
              label: preset.label,
              title: preset.label,
            }))}
            onChange={(key) => {
              const preset = CRON_PRESETS.find((candidate) => candidate.key === key);
              if (preset !== undefined) onCrontab(preset.cron);
            }}
          />
        </Flex>
      </Form.Item>
      <Form.Item
        label="Cron expression"
        validateStatus={cronErrors === undefined ? undefined : 'error'}
        help={cronErrors?.join(' ')}
        extra={
          <Typography.Text type="secondary" data-test="report-cron-preview">
            {crontab.trim() === '' ? 'Enter a schedule' : describeCron(crontab)}
          </Typography.Text>
        }
      >
        <Input
          data-test="report-crontab"
          aria-label="Cron expression"
          value={crontab}
          onChange={(event) => onCrontab(event.target.value)}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      <Form.Item
        label="Time zone"
        validateStatus={timezoneErrors === undefined ? undefined : 'error'}
        help={timezoneErrors?.join(' ')}
      >
        <Select<string>
          data-test="report-timezone"
          aria-label="Time zone"
          showSearch
          value={timezone}
          options={zones}
          onChange={onTimezone}
        />
      </Form.Item>
    </>
  );
}
