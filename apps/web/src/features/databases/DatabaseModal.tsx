import { ENGINES, MODAL_DEFAULT_WIDTH, PASSWORD_MASK, type Database, type Engine } from '@tessera/contracts';
import { Alert, Button, Checkbox, Collapse, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import type { ApiError } from '../../shared/api/api-request';
import { ErrorMessage } from '../../shared/errors/ErrorMessage';
import { toApiError } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import {
  DATABASE_FLAGS,
  databaseFormFrom,
  emptyDatabaseForm,
  extraJsonError,
  toCreatePayload,
  toTestConnectionPayload,
  toUpdatePayload,
  type DatabaseFormValues,
} from './database-form';
import type { FieldErrors } from '../../shared/forms/payload-result';
import {
  useCreateDatabaseMutation,
  useTestConnectionMutation,
  useUpdateDatabaseMutation,
} from './databases-api';
import { ENGINE_LABELS, URI_PLACEHOLDERS, engineOf } from './engines';
import { SecurityWarnings } from './SecurityWarnings';

export const CONNECTION_OK_MESSAGE = 'Connection looks good!';

function isFormField(field: string): field is keyof DatabaseFormValues {
  return Object.hasOwn(emptyDatabaseForm(), field);
}

type TestResult = { ok: true; securityWarnings: string[] } | { ok: false; error: ApiError } | null;

interface DatabaseModalProps {
  /** The database to edit; undefined to connect a new one. */
  database?: Database;
  onClose: () => void;
  onSaved: (database: Database) => void;
}

/** Create or edit a database connection: name, URI (with a connection test), Advanced flags and `extra`. */
export function DatabaseModal({ database, onClose, onSaved }: DatabaseModalProps) {
  const [form] = Form.useForm<DatabaseFormValues>();
  const [engine, setEngine] = useState<Engine>(engineOf(database?.backend ?? '') ?? 'postgresql');
  const [testResult, setTestResult] = useState<TestResult>(null);
  const [saveError, setSaveError] = useState<string[]>([]);
  const [createDatabase, createState] = useCreateDatabaseMutation();
  const [updateDatabase, updateState] = useUpdateDatabaseMutation();
  const [testConnection, testState] = useTestConnectionMutation();
  const { addSuccessToast } = useToasts();

  /** Puts messages on their fields; those for fields the form does not have are returned. */
  const showFieldErrors = (fieldErrors: FieldErrors): string[] => {
    const entries = Object.entries(fieldErrors);
    form.setFields(
      entries.flatMap(([field, errors]) => (isFormField(field) ? [{ name: field, errors }] : [])),
    );
    return entries.flatMap(([field, errors]) =>
      isFormField(field) ? [] : errors.map((error) => `${field}: ${error}`),
    );
  };

  const onTest = async () => {
    setTestResult(null);
    try {
      await form.validateFields(['sqlalchemy_uri', 'extra']);
    } catch {
      return;
    }
    const payload = toTestConnectionPayload(form.getFieldsValue(), database?.id);
    if (!payload.ok) {
      showFieldErrors(payload.fieldErrors);
      return;
    }
    const result = await testConnection(payload.payload);
    setTestResult(
      'error' in result
        ? { ok: false, error: toApiError(result.error) ?? { error: 'An error occurred' } }
        : { ok: true, securityWarnings: result.data.security_warnings },
    );
  };

  /** Sends the form; null when the contract refused the values (the messages are then on the fields). */
  const save = async (values: DatabaseFormValues) => {
    if (database === undefined) {
      const payload = toCreatePayload(values);
      if (payload.ok) return createDatabase(payload.payload);
      setSaveError(showFieldErrors(payload.fieldErrors));
      return null;
    }
    const payload = toUpdatePayload(values, database);
    if (payload.ok) return updateDatabase({ id: database.id, body: payload.payload });
    setSaveError(showFieldErrors(payload.fieldErrors));
    return null;
  };

  const onSave = async () => {
    setSaveError([]);
    let values: DatabaseFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const result = await save(values);
    if (result === null) return;
    if ('error' in result) {
      const error = toApiError(result.error);
      const unplaced = error?.fieldErrors === undefined ? [] : showFieldErrors(error.fieldErrors);
      setSaveError(error?.fieldErrors === undefined ? [error?.error ?? 'An error occurred'] : unplaced);
      return;
    }
    addSuccessToast(
      database === undefined
        ? `Database ${result.data.database_name} connected`
        : `Database ${result.data.database_name} saved`,
    );
    onSaved(result.data);
  };

  const saving = createState.isLoading || updateState.isLoading;

  return (
    <Modal
      open
      // antd puts unknown props on a wrapper that is never "visible"; tag the rendered dialog instead.
      modalRender={(node) => <div data-test="database-modal">{node}</div>}
      title={database === undefined ? 'Connect a database' : `Edit database: ${database.database_name}`}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" data-test="database-modal-cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="save"
          data-test="database-modal-save"
          type="primary"
          loading={saving}
          onClick={() => void onSave()}
        >
          Save
        </Button>,
      ]}
    >
      <Form<DatabaseFormValues>
        form={form}
        layout="vertical"
        initialValues={database === undefined ? emptyDatabaseForm() : databaseFormFrom(database)}
        onValuesChange={(changed: Partial<DatabaseFormValues>) => {
          if ('sqlalchemy_uri' in changed || 'extra' in changed) setTestResult(null);
        }}
      >
        <Form.Item
          label="Database name"
          name="database_name"
          rules={[{ required: true, whitespace: true, message: 'Enter a name' }]}
        >
          <Input data-test="database-name" placeholder="e.g. warehouse" maxLength={250} />
        </Form.Item>
        <Form.Item label="Engine" tooltip="Only changes the URI example below; the URI decides the engine.">
          <Select<Engine>
            data-test="database-engine"
            value={engine}
            onChange={setEngine}
            options={ENGINES.map((value) => ({ value, label: ENGINE_LABELS[value] }))}
          />
        </Form.Item>
        <Form.Item
          label="SQLAlchemy URI"
          name="sqlalchemy_uri"
          rules={[{ required: true, whitespace: true, message: 'Enter a connection URI' }]}
          extra={
            database === undefined
              ? undefined
              : `The stored password shows as ${PASSWORD_MASK}; leave it as it is to keep the password.`
          }
        >
          <Input
            data-test="database-uri"
            placeholder={URI_PLACEHOLDERS[engine]}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button data-test="test-connection" loading={testState.isLoading} onClick={() => void onTest()}>
              Test connection
            </Button>
            {testResult === null ? (
              <SecurityWarnings
                dataTest="database-security-warnings"
                warnings={database?.security_warnings ?? []}
              />
            ) : testResult.ok ? (
              <>
                <Alert
                  data-test="test-connection-result"
                  type="success"
                  showIcon
                  title={CONNECTION_OK_MESSAGE}
                />
                <SecurityWarnings
                  dataTest="test-connection-warnings"
                  warnings={testResult.securityWarnings}
                />
              </>
            ) : (
              <ErrorMessage data-test="test-connection-result" error={testResult.error} />
            )}
          </Space>
        </Form.Item>
        <Collapse
          data-test="database-advanced"
          items={[
            {
              key: 'advanced',
              label: <span data-test="database-advanced-toggle">Advanced</span>,
              // Rendered while closed so its fields take part in validation and saving.
              forceRender: true,
              children: (
                <>
                  {DATABASE_FLAGS.map((flag) => (
                    <Form.Item
                      key={flag.name}
                      name={flag.name}
                      valuePropName="checked"
                      style={{ marginBottom: 8 }}
                    >
                      <Checkbox data-test={`database-${flag.name}`}>{flag.label}</Checkbox>
                    </Form.Item>
                  ))}
                  <Form.Item
                    label="Extra"
                    name="extra"
                    tooltip="JSON object with engine parameters and metadata options."
                    rules={[
                      {
                        validator: (_rule, value: unknown) => {
                          const message = extraJsonError(typeof value === 'string' ? value : '');
                          return message === undefined
                            ? Promise.resolve()
                            : Promise.reject(new Error(message));
                        },
                      },
                    ]}
                    style={{ marginBottom: 0 }}
                  >
                    <Input.TextArea
                      data-test="database-extra"
                      rows={5}
                      spellCheck={false}
                      style={{ fontFamily: 'monospace' }}
                    />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
        {saveError.length === 0 ? null : (
          <Alert
            data-test="database-save-error"
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={saveError.length === 1 ? saveError[0] : 'The database could not be saved'}
            description={saveError.length > 1 ? saveError.join('\n') : undefined}
          />
        )}
      </Form>
    </Modal>
  );
}
