import { CalendarOutlined } from '@ant-design/icons';
import {
  MODAL_DEFAULT_WIDTH,
  type ScheduledQueriesConf,
  type ScheduleField,
  type ScheduleInfo,
} from '@tessera/contracts';
import { Button, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import type { QueryEditor } from '../state';
import { scheduleEditorQuery } from './schedule-query';

type Schedule = NonNullable<ScheduledQueriesConf>;
type FormValues = { label: string; description?: string } & Record<string, unknown>;

/** Form field names of the schedule's own fields, apart from the label and description. */
const fieldName = (name: string) => `schedule.${name}`;

function fieldInput(name: string, field: ScheduleField) {
  const test = { 'data-test': 'sqllab-schedule-field', 'data-field': name };
  if (field.type === 'boolean') return <Switch {...test} />;
  if (field.enum !== undefined) {
    return <Select {...test} options={field.enum.map((value) => ({ value, label: String(value) }))} />;
  }
  if (field.type === 'number' || field.type === 'integer') {
    return (
      <InputNumber {...test} precision={field.type === 'integer' ? 0 : undefined} style={{ width: '100%' }} />
    );
  }
  if (field.format === 'date-time') return <Input {...test} type="datetime-local" />;
  if (field.format === 'date') return <Input {...test} type="date" />;
  return <Input {...test} />;
}

/** The values of the schedule's fields, in its own names; empty ones are left out. */
function scheduleInfo(values: FormValues, schedule: Schedule): ScheduleInfo {
  const info: ScheduleInfo = {};
  for (const name of Object.keys(schedule.JSONSCHEMA.properties)) {
    const value = values[fieldName(name)];
    if (
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (typeof value === 'string' && value !== '')
    ) {
      info[name] = value;
    }
  }
  return info;
}

/**
 * 'Schedule query' (spec 000 §2, §8), offered when SCHEDULED_QUERIES is configured: a name, a
 * description and the configured schedule fields; saved as a new saved query carrying the schedule.
 */
export function ScheduleQueryButton({ editor, schedule }: { editor: QueryEditor; schedule: Schedule }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const { properties, required } = schedule.JSONSCHEMA;

  const initialValues: FormValues = { label: editor.name, description: '' };
  for (const [name, field] of Object.entries(properties)) {
    if (field.default !== undefined) initialValues[fieldName(name)] = field.default;
  }

  const submit = async (values: FormValues) => {
    setSaving(true);
    const done = await dispatch(
      scheduleEditorQuery(editor.id, {
        label: values.label.trim(),
        description: values.description ?? '',
        schedule: scheduleInfo(values, schedule),
      }),
    );
    setSaving(false);
    if (done) setOpen(false);
  };

  return (
    <>
      <Button
        size="small"
        icon={<CalendarOutlined />}
        data-test="sqllab-schedule"
        disabled={editor.dbId === null}
        onClick={() => setOpen(true)}
      >
        Schedule
      </Button>
      {open ? (
        <Modal
          open
          title={schedule.JSONSCHEMA.title ?? 'Schedule query'}
          width={MODAL_DEFAULT_WIDTH}
          destroyOnHidden
          onCancel={() => setOpen(false)}
          footer={[
            <Button key="cancel" data-test="sqllab-schedule-cancel" onClick={() => setOpen(false)}>
              Cancel
            </Button>,
            <Button
              key="submit"
              type="primary"
              data-test="sqllab-schedule-submit"
              loading={saving}
              onClick={() => form.submit()}
            >
              Schedule
            </Button>,
          ]}
        >
          <Form<FormValues>
            form={form}
            layout="vertical"
            data-test="sqllab-schedule-modal"
            initialValues={initialValues}
            onFinish={(values) => void submit(values)}
          >
            {schedule.JSONSCHEMA.description === undefined ? null : <p>{schedule.JSONSCHEMA.description}</p>}
            <Form.Item
              name="label"
              label="Label"
              rules={[{ required: true, whitespace: true, message: 'A label is required' }]}
            >
              <Input data-test="sqllab-schedule-label" />
            </Form.Item>
            <Form.Item name="description" label="Description">
              <Input.TextArea data-test="sqllab-schedule-description" rows={2} />
            </Form.Item>
            {Object.entries(properties).map(([name, field]) => (
              <Form.Item
                key={name}
                name={fieldName(name)}
                label={field.title ?? name}
                extra={field.description}
                valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
                rules={
                  required.includes(name)
                    ? [{ required: true, message: `${field.title ?? name} is required` }]
                    : []
                }
              >
                {fieldInput(name, field)}
              </Form.Item>
            ))}
          </Form>
        </Modal>
      ) : null}
    </>
  );
}
