import type { ReportCreationMethod, ReportType } from '@tessera/contracts';
import { Alert, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import type { FieldErrors } from '../../shared/forms/payload-result';
import { toApiError } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import {
  buildPayload,
  emptyReportForm,
  formFieldErrors,
  formFromReport,
  localErrors,
  type ContentKind,
  type ReportFormDefaults,
  type ReportFormValues,
} from './report-form';
import { REPORT_UI_MESSAGES } from './report-messages';
import { ReportFormFields } from './ReportFormFields';
import { useCreateReportMutation, useGetReportQuery, useUpdateReportMutation } from './reports-api';

/** The chart or dashboard a header menu's dialog is about. */
export interface ReportTarget {
  kind: ContentKind;
  id: number;
  name: string;
}

export interface ReportModalProps {
  type: ReportType;
  /** null creates a schedule. */
  reportId: number | null;
  /** 'alerts_reports' from the list (every field); 'charts'/'dashboards' from a header menu (simpler). */
  creationMethod: ReportCreationMethod;
  target?: ReportTarget;
  onClose: () => void;
  onSaved: () => void;
}

const numberConf = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

function useFormSettings(): { defaults: ReportFormDefaults; widthRange: { min: number; max: number } } {
  const conf = useAppSelector((state) => state.session.common?.conf);
  const cron = conf?.ALERT_REPORTS_DEFAULT_CRON_VALUE;
  return {
    defaults: {
      crontab: typeof cron === 'string' ? cron : '0 0 * * *',
      logRetention: numberConf(conf?.ALERT_REPORTS_DEFAULT_RETENTION, 90),
      workingTimeout: numberConf(conf?.ALERT_REPORTS_DEFAULT_WORKING_TIMEOUT, 3600),
    },
    widthRange: {
      min: numberConf(conf?.ALERT_REPORTS_MIN_CUSTOM_SCREENSHOT_WIDTH, 600),
      max: numberConf(conf?.ALERT_REPORTS_MAX_CUSTOM_SCREENSHOT_WIDTH, 2400),
    },
  };
}

function titleOf(type: ReportType, creating: boolean, simple: boolean): string {
  if (simple) return creating ? 'Schedule a new email report' : 'Edit email report';
  const noun = type === 'Alert' ? 'alert' : 'report';
  return creating ? `Add ${noun}` : `Edit ${noun}`;
}

/** The create/edit dialog of an alert or report (spec 001 §4 'Reports', reference §10). */
export function ReportModal(props: ReportModalProps) {
  const { reportId, onClose } = props;
  const simple = props.creationMethod !== 'alerts_reports';
  const existing = useGetReportQuery(reportId ?? 0, { skip: reportId === null });
  const settings = useFormSettings();

  if (reportId !== null && existing.data === undefined) {
    return (
      <Modal
        open
        title={titleOf(props.type, false, simple)}
        footer={null}
        onCancel={onClose}
        data-test="report-modal"
      >
        {existing.error === undefined ? (
          <Skeleton active data-test="report-modal-loading" />
        ) : (
          <Alert
            type="error"
            showIcon
            title={toApiError(existing.error)?.error}
            data-test="report-modal-error"
          />
        )}
      </Modal>
    );
  }

  let initial: ReportFormValues;
  if (existing.data !== undefined) initial = formFromReport(existing.data);
  else {
    initial = emptyReportForm(props.type, settings.defaults);
    if (props.target !== undefined) {
      const option = { value: props.target.id, label: props.target.name };
      initial = {
        ...initial,
        name: props.target.name,
        content: props.target.kind,
        chart: props.target.kind === 'chart' ? option : null,
        dashboard: props.target.kind === 'dashboard' ? option : null,
        crontab: '0 9 * * 1',
      };
    }
  }
  return <ReportEditor {...props} initial={initial} simple={simple} widthRange={settings.widthRange} />;
}

function ReportEditor({
  reportId,
  creationMethod,
  initial,
  simple,
  widthRange,
  onClose,
  onSaved,
}: ReportModalProps & {
  initial: ReportFormValues;
  simple: boolean;
  widthRange: { min: number; max: number };
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<{ text: string; conflict: boolean } | null>(null);
  const [create, createState] = useCreateReportMutation();
  const [update, updateState] = useUpdateReportMutation();
  const { addSuccessToast } = useToasts();
  const creating = reportId === null;

  const onChange = (change: Partial<ReportFormValues>) => {
    setValues((current) => ({ ...current, ...change }));
    // A field's message goes once the user edits that field.
    setErrors((current) => {
      const cleared = new Set(Object.keys(change));
      if ('emailTo' in change || 'webhook' in change) cleared.add('recipients');
      if ('op' in change || 'threshold' in change || 'validatorType' in change)
        cleared.add('validator_config_json');
      return Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.has(key)));
    });
  };

  const save = async () => {
    setProblem(null);
    const local = localErrors(values);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const { body, recipientSlots } = buildPayload(values, {
      creationMethod: creating ? creationMethod : null,
      // An empty owner list on create lets the server make the creator the owner.
      sendOwners: !simple && (!creating || values.owners.length > 0),
    });
    const result = creating ? await create(body) : await update({ id: reportId, body });
    if ('error' in result) {
      const error = toApiError(result.error);
      if (error?.status === 409) setProblem({ text: error.error, conflict: true });
      else if (error?.fieldErrors !== undefined) {
        setErrors(formFieldErrors(error.fieldErrors, recipientSlots));
      } else setProblem({ text: error?.error ?? 'An error occurred', conflict: false });
      return;
    }
    addSuccessToast(creating ? REPORT_UI_MESSAGES.created : REPORT_UI_MESSAGES.updated);
    onSaved();
  };

  const unplaced = errors._schema ?? errors.type ?? errors.creation_method;
  return (
    <Modal
      open
      width={720}
      title={titleOf(values.type, creating, simple)}
      okText={creating ? 'Add' : 'Save'}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={createState.isLoading || updateState.isLoading}
      okButtonProps={{ ...{ 'data-test': 'report-modal-save' } }}
      cancelButtonProps={{ ...{ 'data-test': 'report-modal-cancel' } }}
      data-test="report-modal"
      destroyOnHidden
    >
      {problem === null ? null : (
        <Alert
          type={problem.conflict ? 'warning' : 'error'}
          showIcon
          title={problem.text}
          data-test={problem.conflict ? 'report-modal-conflict' : 'report-modal-error'}
          style={{ marginBottom: 12 }}
        />
      )}
      {unplaced === undefined ? null : (
        <Alert type="error" showIcon title={unplaced.join(' ')} style={{ marginBottom: 12 }} />
      )}
      <ReportFormFields
        values={values}
        errors={errors}
        onChange={onChange}
        simple={simple}
        widthRange={widthRange}
      />
    </Modal>
  );
}
