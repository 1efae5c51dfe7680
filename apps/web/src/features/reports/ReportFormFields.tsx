import {
  REPORT_VALIDATOR_OPERATORS,
  type ReportFormat,
  type ReportValidatorOperator,
} from '@tessera/contracts';
import {
  Collapse,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Skeleton,
  Switch,
  theme,
  Typography,
} from 'antd';
import { Suspense, type ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { lazyComponent } from '../../shared/lazy/lazy-component';
import type { FieldErrors } from '../../shared/forms/payload-result';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import { FORMATS_BY_CONTENT, type ContentKind, type ReportFormValues } from './report-form';
import { useReportDashboardTabsQuery } from './reports-api';
import { SchedulePicker } from './SchedulePicker';
import { useReportPickers } from './use-report-pickers';

// SQL Lab's editor (CodeMirror) is its own chunk: the dialog shows while it loads.
const SqlEditor = lazyComponent(() => import('../sqllab/editor/SqlEditor').then((module) => module.default));

const NO_COMPLETION = { schemas: [], schema: null, tables: [], columns: {}, functions: [] };
const noop = () => undefined;

interface ReportFormFieldsProps {
  values: ReportFormValues;
  errors: FieldErrors;
  onChange: (change: Partial<ReportFormValues>) => void;
  /** The header menus' dialog: the chart or dashboard is given, owners and the advanced settings hidden. */
  simple: boolean;
  widthRange: { min: number; max: number };
}

/** A form row with its label and, under it, the messages for its field (the browser's or the server's). */
function Field({
  label,
  errors,
  children,
  extra,
}: {
  label: string;
  errors: string[] | undefined;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      validateStatus={errors === undefined ? undefined : 'error'}
      help={errors === undefined ? undefined : errors.join(' ')}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

/** Every field of an alert or report, grouped as Superset's dialog groups them. */
export function ReportFormFields({ values, errors, onChange, simple, widthRange }: ReportFormFieldsProps) {
  const { token } = theme.useToken();
  const dark = useAppSelector((state) => state.theme.mode === 'dark');
  const pickers = useReportPickers();
  const alert = values.type === 'Alert';
  const dashboardId =
    values.content === 'dashboard' && values.dashboard !== null ? values.dashboard.value : null;
  const tabs = useReportDashboardTabsQuery(Number(dashboardId), { skip: dashboardId === null });
  const tabOptions = Object.entries(tabs.data ?? {}).map(([value, label]) => ({ value, label }));
  const formats = FORMATS_BY_CONTENT[values.content];

  const general = (
    <>
      <Field label={alert ? 'Alert name' : 'Report name'} errors={errors.name}>
        <Input
          data-test="report-name"
          aria-label="Name"
          value={values.name}
          maxLength={150}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      </Field>
      {simple ? null : (
        <>
          <Field label="Owners" errors={errors.owners}>
            <AsyncSelect
              mode="multiple"
              data-test="report-owners"
              aria-label="Owners"
              placeholder="Owners"
              fetchOptions={pickers.owners}
              value={values.owners}
              onChange={(owners) => onChange({ owners })}
            />
          </Field>
          <Field label="Description" errors={errors.description}>
            <Input.TextArea
              data-test="report-description"
              aria-label="Description"
              rows={2}
              value={values.description}
              onChange={(event) => onChange({ description: event.target.value })}
            />
          </Field>
        </>
      )}
      <Form.Item label="Active">
        <Switch
          data-test="report-active"
          aria-label="Active"
          checked={values.active}
          onChange={(active) => onChange({ active })}
        />
      </Form.Item>
    </>
  );

  const condition = alert ? (
    <>
      <Field label="Database" errors={errors.database}>
        <AsyncSelect
          data-test="report-database"
          aria-label="Database"
          placeholder="Choose a database"
          fetchOptions={pickers.databases}
          value={values.database}
          onChange={(database) => onChange({ database })}
          status={errors.database === undefined ? undefined : 'error'}
        />
      </Field>
      <Field label="SQL query" errors={errors.sql}>
        <div
          data-test="report-sql"
          style={{
            height: 140,
            border: `${token.lineWidth}px ${token.lineType} ${errors.sql === undefined ? token.colorBorder : token.colorError}`,
            borderRadius: token.borderRadius,
            overflow: 'hidden',
          }}
        >
          <Suspense fallback={<Skeleton active />}>
            <SqlEditor
              sql={values.sql}
              backend={undefined}
              completion={NO_COMPLETION}
              token={token}
              dark={dark}
              onChange={(sql) => onChange({ sql })}
              onSelectionChange={noop}
              onCommand={noop}
              autoFocus={false}
            />
          </Suspense>
        </div>
      </Field>
      <Field label="Trigger alert if…" errors={errors.validator_config_json ?? errors.validator_type}>
        <Flex gap={8}>
          <Select<'not null' | 'operator'>
            data-test="report-condition"
            aria-label="Condition"
            style={{ width: 200 }}
            value={values.validatorType}
            options={[
              { value: 'not null', label: 'not null', title: 'not null' },
              { value: 'operator', label: 'value is…', title: 'value is…' },
            ]}
            onChange={(validatorType) => onChange({ validatorType })}
          />
          {values.validatorType === 'operator' ? (
            <>
              <Select<ReportValidatorOperator>
                data-test="report-operator"
                aria-label="Operator"
                style={{ width: 90 }}
                value={values.op}
                options={REPORT_VALIDATOR_OPERATORS.map((op) => ({ value: op, label: op, title: op }))}
                onChange={(op) => onChange({ op })}
              />
              <Input
                data-test="report-threshold"
                aria-label="Threshold"
                inputMode="decimal"
                placeholder="Value"
                style={{ width: 140 }}
                value={values.threshold}
                onChange={(event) => onChange({ threshold: event.target.value })}
              />
            </>
          ) : null}
        </Flex>
      </Field>
    </>
  ) : null;

  const pickContent = (content: ContentKind) => {
    const allowed = FORMATS_BY_CONTENT[content];
    onChange({ content, format: allowed.includes(values.format) ? values.format : 'PNG' });
  };

  const content = (
    <>
      {simple ? null : (
        <>
          <Form.Item label="Content type">
            <Radio.Group
              data-test="report-content-type"
              value={values.content}
              onChange={(event) => pickContent(event.target.value === 'dashboard' ? 'dashboard' : 'chart')}
              options={[
                { value: 'dashboard', label: 'Dashboard' },
                { value: 'chart', label: 'Chart' },
              ]}
            />
          </Form.Item>
          {values.content === 'chart' ? (
            <Field label="Chart" errors={errors.chart}>
              <AsyncSelect
                data-test="report-chart"
                aria-label="Chart"
                placeholder="Choose a chart"
                fetchOptions={pickers.charts}
                value={values.chart}
                onChange={(chart) => onChange({ chart })}
                status={errors.chart === undefined ? undefined : 'error'}
              />
            </Field>
          ) : (
            <Field label="Dashboard" errors={errors.dashboard}>
              <AsyncSelect
                data-test="report-dashboard"
                aria-label="Dashboard"
                placeholder="Choose a dashboard"
                fetchOptions={pickers.dashboards}
                value={values.dashboard}
                onChange={(dashboard) => onChange({ dashboard, activeTabs: [] })}
                status={errors.dashboard === undefined ? undefined : 'error'}
              />
            </Field>
          )}
        </>
      )}
      <Field label="Format" errors={errors.report_format}>
        <Select<ReportFormat>
          data-test="report-format"
          aria-label="Format"
          value={values.format}
          options={formats.map((format) => ({ value: format, label: format, title: format }))}
          onChange={(format) => onChange({ format })}
        />
      </Field>
      {values.content === 'dashboard' && tabOptions.length > 0 ? (
        <Field label="Tabs" errors={errors.activeTabs}>
          <Select<string[]>
            mode="multiple"
            data-test="report-tabs"
            aria-label="Tabs"
            placeholder="The whole dashboard"
            value={values.activeTabs}
            options={tabOptions}
            onChange={(activeTabs) => onChange({ activeTabs })}
          />
        </Field>
      ) : null}
      {values.format === 'PNG' || values.format === 'PDF' ? (
        <Field
          label="Screenshot width"
          errors={errors.custom_width}
          extra={`${widthRange.min}–${widthRange.max} pixels; empty for the default`}
        >
          <Input
            data-test="report-custom-width"
            aria-label="Screenshot width"
            inputMode="numeric"
            placeholder="Default"
            suffix="px"
            value={values.customWidth}
            onChange={(event) => onChange({ customWidth: event.target.value })}
          />
        </Field>
      ) : null}
    </>
  );

  const recipients = (
    <>
      {errors.recipients === undefined ? null : (
        <Typography.Text type="danger" data-test="report-recipients-error">
          {errors.recipients.join(' ')}
        </Typography.Text>
      )}
      <Field label="E-mail to" errors={errors.emailTo} extra="Separate addresses with commas">
        <Input
          data-test="report-email-to"
          aria-label="E-mail to"
          value={values.emailTo}
          onChange={(event) => onChange({ emailTo: event.target.value })}
        />
      </Field>
      <Flex gap={8}>
        <div style={{ flex: 1 }}>
          <Field label="CC" errors={errors.emailCc}>
            <Input
              data-test="report-email-cc"
              aria-label="CC"
              value={values.emailCc}
              onChange={(event) => onChange({ emailCc: event.target.value })}
            />
          </Field>
        </div>
        <div style={{ flex: 1 }}>
          <Field label="BCC" errors={errors.emailBcc}>
            <Input
              data-test="report-email-bcc"
              aria-label="BCC"
              value={values.emailBcc}
              onChange={(event) => onChange({ emailBcc: event.target.value })}
            />
          </Field>
        </div>
      </Flex>
      <Field label="Webhook URL" errors={errors.webhook}>
        <Input
          data-test="report-webhook"
          aria-label="Webhook URL"
          placeholder="https://"
          value={values.webhook}
          onChange={(event) => onChange({ webhook: event.target.value })}
        />
      </Field>
    </>
  );

  const advanced = (
    <Flex gap={8} wrap>
      <Field label="Log retention (days)" errors={errors.log_retention}>
        <InputNumber
          data-test="report-log-retention"
          aria-label="Log retention"
          min={1}
          value={values.logRetention}
          onChange={(value) => onChange({ logRetention: value ?? values.logRetention })}
        />
      </Field>
      <Field label="Working timeout (s)" errors={errors.working_timeout}>
        <InputNumber
          data-test="report-working-timeout"
          aria-label="Working timeout"
          min={1}
          value={values.workingTimeout}
          onChange={(value) => onChange({ workingTimeout: value ?? values.workingTimeout })}
        />
      </Field>
      {alert ? (
        <Field label="Grace period (s)" errors={errors.grace_period}>
          <InputNumber
            data-test="report-grace-period"
            aria-label="Grace period"
            min={1}
            value={values.gracePeriod}
            onChange={(value) => onChange({ gracePeriod: value ?? values.gracePeriod })}
          />
        </Field>
      ) : null}
    </Flex>
  );

  const schedule = (
    <SchedulePicker
      crontab={values.crontab}
      timezone={values.timezone}
      cronErrors={errors.crontab}
      timezoneErrors={errors.timezone}
      onCrontab={(crontab) => onChange({ crontab })}
      onTimezone={(timezone) => onChange({ timezone })}
    />
  );

  const sections = [
    { key: 'general', label: 'General information', children: general },
    ...(alert ? [{ key: 'condition', label: 'Alert condition', children: condition }] : []),
    { key: 'content', label: alert ? 'Alert contents' : 'Report contents', children: content },
    { key: 'schedule', label: 'Schedule', children: schedule },
    { key: 'notification', label: 'Notification method', children: recipients },
    ...(simple ? [] : [{ key: 'advanced', label: 'Advanced', children: advanced }]),
  ];

  return (
    <Form layout="vertical" component="div" data-test="report-form">
      <Collapse
        data-test="report-sections"
        size="small"
        defaultActiveKey={sections.map((section) => section.key)}
        items={sections.map((section) => ({ ...section, forceRender: true }))}
      />
    </Form>
  );
}
