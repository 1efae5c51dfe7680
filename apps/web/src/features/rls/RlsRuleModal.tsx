import { MODAL_DEFAULT_WIDTH, RLS_FILTER_TYPES, type RlsRule } from '@tessera/contracts';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../shared/errors/to-api-error';
import type { FieldErrors } from '../../shared/forms/payload-result';
import { useToasts } from '../../shared/toasts/use-toasts';
import { RelatedPicker } from './RelatedPicker';
import { emptyRlsForm, rlsFormFrom, toRlsPayload, type RlsFormValues } from './rls-form';
import { useCreateRlsRuleMutation, useUpdateRlsRuleMutation } from './rls-api';

const FILTER_TYPE_HELP =
  'Regular filters add their clause for members of the roles; Base filters add it for everyone who is not in them.';
const GROUP_KEY_HELP =
  'Filters with the same group key are ORed together; different groups, and filters without a key, are ANDed.';

function isFormField(field: string): field is keyof RlsFormValues {
  return Object.hasOwn(emptyRlsForm(), field);
}

interface RlsRuleModalProps {
  /** The rule to edit; undefined to create one. */
  rule?: RlsRule;
  onClose: () => void;
}

/** Create or edit a row level security rule. */
export function RlsRuleModal({ rule, onClose }: RlsRuleModalProps) {
  const [form] = Form.useForm<RlsFormValues>();
  const [saveError, setSaveError] = useState<string[]>([]);
  const [createRule, createState] = useCreateRlsRuleMutation();
  const [updateRule, updateState] = useUpdateRlsRuleMutation();
  const { addSuccessToast } = useToasts();
  const filterType = Form.useWatch('filter_type', form);

  const showFieldErrors = (fieldErrors: FieldErrors): string[] => {
    const entries = Object.entries(fieldErrors);
    form.setFields(
      entries.flatMap(([field, errors]) => (isFormField(field) ? [{ name: field, errors }] : [])),
    );
    return entries.flatMap(([field, errors]) =>
      isFormField(field) ? [] : errors.map((error) => `${field}: ${error}`),
    );
  };

  const onSave = async () => {
    setSaveError([]);
    let values: RlsFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const payload = toRlsPayload(values);
    if (!payload.ok) {
      setSaveError(showFieldErrors(payload.fieldErrors));
      return;
    }
    const result =
      rule === undefined
        ? await createRule(payload.payload)
        : await updateRule({ id: rule.id, body: payload.payload });
    if ('error' in result) {
      const error = toApiError(result.error);
      const unplaced = error?.fieldErrors === undefined ? [] : showFieldErrors(error.fieldErrors);
      setSaveError(error?.fieldErrors === undefined ? [error?.error ?? 'An error occurred'] : unplaced);
      return;
    }
    addSuccessToast(
      rule === undefined ? `Rule ${payload.payload.name} created` : `Rule ${payload.payload.name} saved`,
    );
    onClose();
  };

  return (
    <Modal
      open
      modalRender={(node) => <div data-test="rls-modal">{node}</div>}
      title={rule === undefined ? 'Add rule' : `Edit rule: ${rule.name}`}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" data-test="rls-modal-cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="save"
          data-test="rls-modal-save"
          type="primary"
          loading={createState.isLoading || updateState.isLoading}
          onClick={() => void onSave()}
        >
          Save
        </Button>,
      ]}
    >
      <Form<RlsFormValues>
        form={form}
        layout="vertical"
        initialValues={rule === undefined ? emptyRlsForm() : rlsFormFrom(rule)}
      >
        <Form.Item
          label="Rule name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Enter a name' }]}
        >
          <Input data-test="rls-name" maxLength={255} />
        </Form.Item>
        <Form.Item label="Filter type" name="filter_type" extra={FILTER_TYPE_HELP}>
          <Select
            data-test="rls-filter-type"
            aria-label="Filter type"
            options={RLS_FILTER_TYPES.map((type) => ({ value: type, label: type }))}
          />
        </Form.Item>
        <Form.Item
          label="Datasets"
          name="tables"
          extra="The datasets this filter applies to, and every other dataset that reads their tables."
          rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one dataset' }]}
        >
          <RelatedPicker
            url="/api/v1/rowlevelsecurity/related/tables"
            data-test="rls-tables"
            aria-label="Datasets"
            placeholder="Choose datasets"
          />
        </Form.Item>
        <Form.Item
          label="Roles"
          name="roles"
          extra={
            filterType === 'Base'
              ? 'The roles this filter does NOT apply to (Admin, say, to let admins see every row).'
              : 'The roles this filter applies to.'
          }
        >
          <RelatedPicker
            url="/api/v1/rowlevelsecurity/related/roles"
            data-test="rls-roles"
            aria-label="Roles"
            placeholder="Choose roles"
          />
        </Form.Item>
        <Form.Item label="Group key" name="group_key" extra={GROUP_KEY_HELP}>
          <Input data-test="rls-group-key" maxLength={255} />
        </Form.Item>
        <Form.Item
          label="Clause"
          name="clause"
          extra="Added to the WHERE of every query on these datasets, e.g. state = 'CA'."
          rules={[{ required: true, whitespace: true, message: 'Enter a clause' }]}
        >
          <Input.TextArea
            data-test="rls-clause"
            rows={3}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <Form.Item label="Description" name="description" style={{ marginBottom: 0 }}>
          <Input.TextArea data-test="rls-description" rows={2} />
        </Form.Item>
        {saveError.length === 0 ? null : (
          <Alert
            data-test="rls-save-error"
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={saveError.length === 1 ? saveError[0] : 'The rule could not be saved'}
            description={saveError.length > 1 ? saveError.join('\n') : undefined}
          />
        )}
      </Form>
    </Modal>
  );
}
