import {
  DEFAULT_PORTS,
  ENGINES,
  MODAL_DEFAULT_WIDTH,
  PASSWORD_MASK,
  isNetworkBackend,
  type ConnectionBackend,
  type Database,
  type Engine,
} from '@tessera/contracts';
import { Alert, Button, Checkbox, Collapse, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import type { ApiError } from '../../shared/api/api-request';
import { ErrorMessage } from '../../shared/errors/ErrorMessage';
import { toApiError } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import {
  DATABASE_FLAGS,
  EXTRA_FLAGS,
  extraFlagOf,
  withExtraFlag,
  URI_VIEW,
  databaseFormFrom,
  emptyDatabaseForm,
  extraJsonError,
  formValuesFrom,
  parametersOf,
  toCreatePayload,
  toTestConnectionPayload,
  toUpdatePayload,
  type ConnectionView,
  type DatabaseFormValues,
} from './database-form';
import type { FieldErrors } from '../../shared/forms/payload-result';
import { parameterFieldErrors, relocateUriErrors } from './connection-errors';
import { ConnectionParameterFields } from './ConnectionParameterFields';
import {
  useCreateDatabaseMutation,
  useTestConnectionMutation,
  useUpdateDatabaseMutation,
  useValidateParametersMutation,
} from './databases-api';
import { EngineStep } from './EngineStep';
import { BACKEND_LABELS, ENGINE_LABELS, URI_PLACEHOLDERS, backendOfUri, engineOf } from './engines';
import { SecurityWarnings } from './SecurityWarnings';

export const CONNECTION_OK_MESSAGE = 'Connection looks good!';

/** Fields of the URI view and of the form view; a message for a field not on screen is shown apart. */
const COMMON_FIELDS = new Set<string>(['database_name', 'extra', ...DATABASE_FLAGS.map((flag) => flag.name)]);
const URI_FIELDS = new Set<string>([...COMMON_FIELDS, 'sqlalchemy_uri']);
const NETWORK_FIELDS = new Set<string>([
  ...COMMON_FIELDS,
  'host',
  'port',
  'database',
  'username',
  'password',
  'encryption',
  'query',
]);
const FILE_FIELDS = new Set<string>([...COMMON_FIELDS, 'file_path', 'query']);

function fieldsOnScreen(view: ConnectionView): Set<string> {
  if (view.method === 'sqlalchemy_form') return URI_FIELDS;
  return isNetworkBackend(view.backend) ? NETWORK_FIELDS : FILE_FIELDS;
}

function isFormField(field: string): field is keyof DatabaseFormValues {
  return Object.hasOwn(emptyDatabaseForm(), field);
}

type TestResult = { ok: true; securityWarnings: string[] } | { ok: false; error: ApiError } | null;

/** The view an existing database opens in: its engine's form when the URI reads as parameters. */
function initialView(database: Database | undefined): ConnectionView | null {
  if (database === undefined) return null;
  const backend = backendOfUri(database.sqlalchemy_uri);
  return backend !== undefined && database.parameters !== undefined
    ? { method: 'dynamic_form', backend }
    : URI_VIEW;
}

interface DatabaseModalProps {
  /** The database to edit; undefined to connect a new one. */
  database?: Database;
  onClose: () => void;
  onSaved: (database: Database) => void;
}

/**
 * Create or edit a database connection. A new one starts by choosing an engine, then fills that
 * engine's form (or a SQLAlchemy URI); both views test the connection live and share the name,
 * Advanced flags and `extra`. Enter saves, Esc closes.
 */
export function DatabaseModal({ database, onClose, onSaved }: DatabaseModalProps) {
  const [form] = Form.useForm<DatabaseFormValues>();
  /** null while a new connection is still on the engine step. */
  const [view, setView] = useState<ConnectionView | null>(() => initialView(database));
  const [uriEngine, setUriEngine] = useState<Engine>(engineOf(database?.backend ?? '') ?? 'postgresql');
  const [testResult, setTestResult] = useState<TestResult>(null);
  const [saveError, setSaveError] = useState<string[]>([]);
  const [createDatabase, createState] = useCreateDatabaseMutation();
  const [updateDatabase, updateState] = useUpdateDatabaseMutation();
  const [testConnection, testState] = useTestConnectionMutation();
  const [validateParameters, validateState] = useValidateParametersMutation();
  const { addSuccessToast } = useToasts();

  /** Every value, also of fields the current view does not show (antd only returns mounted ones). */
  const currentValues = (): DatabaseFormValues => formValuesFrom(form.getFieldsValue(true) as unknown);

  /** Puts messages on their fields; those for fields not on screen are returned. */
  const showFieldErrors = (fieldErrors: FieldErrors, shownIn: ConnectionView): string[] => {
    const entries = Object.entries(relocateUriErrors(fieldErrors, shownIn));
    const onScreen = fieldsOnScreen(shownIn);
    const placeable = (field: string): field is keyof DatabaseFormValues =>
      onScreen.has(field) && isFormField(field);
    form.setFields(entries.flatMap(([field, errors]) => (placeable(field) ? [{ name: field, errors }] : [])));
    return entries.flatMap(([field, errors]) =>
      placeable(field)
        ? []
        : errors.map((error) => (field === '_' || field === 'connection' ? error : `${field}: ${error}`)),
    );
  };

  const clearConnectionErrors = () => {
    form.setFields(
      ['host', 'port', 'database', 'username', 'password', 'query', 'file_path', 'sqlalchemy_uri'].flatMap(
        (name) => (isFormField(name) ? [{ name, errors: [] }] : []),
      ),
    );
  };

  const pickEngine = (backend: ConnectionBackend) => {
    if (isNetworkBackend(backend)) form.setFieldsValue({ port: String(DEFAULT_PORTS[backend]) });
    setTestResult(null);
    setView({ method: 'dynamic_form', backend });
  };

  const onTest = async (shownIn: ConnectionView) => {
    setTestResult(null);
    clearConnectionErrors();
    const connectionFields =
      shownIn.method === 'sqlalchemy_form'
        ? ['sqlalchemy_uri']
        : isNetworkBackend(shownIn.backend)
          ? ['host', 'port', 'database', 'username']
          : ['file_path'];
    try {
      await form.validateFields([...connectionFields, 'extra']);
    } catch {
      return;
    }
    const values = currentValues();
    const failed = (error: unknown) => {
      const apiError = toApiError(error) ?? { error: 'An error occurred' };
      showFieldErrors({ ...parameterFieldErrors(apiError), ...(apiError.fieldErrors ?? {}) }, shownIn);
      setTestResult({ ok: false, error: apiError });
    };
    if (shownIn.method === 'dynamic_form') {
      // The fields first: a missing or unreachable host is named on its field before any login.
      const checked = await validateParameters({
        engine: shownIn.backend,
        configuration_method: 'dynamic_form',
        parameters: parametersOf(values, shownIn.backend),
        ...(database === undefined ? {} : { id: database.id }),
      });
      if ('error' in checked) {
        failed(checked.error);
        return;
      }
    }
    const payload = toTestConnectionPayload(values, database?.id, shownIn);
    if (!payload.ok) {
      showFieldErrors(payload.fieldErrors, shownIn);
      return;
    }
    const result = await testConnection(payload.payload);
    if ('error' in result) failed(result.error);
    else setTestResult({ ok: true, securityWarnings: result.data.security_warnings });
  };

  /** Sends the form; null when the contract refused the values (the messages are then on the fields). */
  const save = async (values: DatabaseFormValues, shownIn: ConnectionView) => {
    if (database === undefined) {
      const payload = toCreatePayload(values, shownIn);
      if (payload.ok) return createDatabase(payload.payload);
      setSaveError(showFieldErrors(payload.fieldErrors, shownIn));
      return null;
    }
    const payload = toUpdatePayload(values, database, shownIn);
    if (payload.ok) return updateDatabase({ id: database.id, body: payload.payload });
    setSaveError(showFieldErrors(payload.fieldErrors, shownIn));
    return null;
  };

  const onSave = async () => {
    if (view === null) return;
    setSaveError([]);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const result = await save(currentValues(), view);
    if (result === null) return;
    if ('error' in result) {
      const error = toApiError(result.error);
      const fieldErrors = { ...parameterFieldErrors(error), ...(error?.fieldErrors ?? {}) };
      const unplaced = showFieldErrors(fieldErrors, view);
      setSaveError(Object.keys(fieldErrors).length === 0 ? [error?.error ?? 'An error occurred'] : unplaced);
      return;
    }
    addSuccessToast(
      database === undefined
        ? `Database ${result.data.database_name} connected`
        : `Database ${result.data.database_name} saved`,
    );
    onSaved(result.data);
  };

  /** Enter in a one-line field saves, as a form's submit would; text areas keep their new lines. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement) || event.target.type === 'checkbox') return;
    event.preventDefault();
    void onSave();
  };

  const saving = createState.isLoading || updateState.isLoading;
  const formBackend =
    view?.method === 'dynamic_form' ? view.backend : backendOfUri(database?.sqlalchemy_uri ?? '');

  const footer =
    view === null
      ? [
          <Button key="cancel" data-test="database-modal-cancel" onClick={onClose}>
            Cancel
          </Button>,
        ]
      : [
          database === undefined ? (
            <Button
              key="back"
              data-test="database-modal-back"
              style={{ float: 'left' }}
              onClick={() => {
                setTestResult(null);
                setSaveError([]);
                setView(null);
              }}
            >
              Back
            </Button>
          ) : null,
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
            {database === undefined ? 'Connect' : 'Save'}
          </Button>,
        ];

  return (
    <Modal
      open
      // antd puts unknown props on a wrapper that is never "visible"; tag the rendered dialog instead.
      modalRender={(node) => <div data-test="database-modal">{node}</div>}
      title={database === undefined ? 'Connect a database' : `Edit database: ${database.database_name}`}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      keyboard
      destroyOnHidden
      mask={{ closable: false }}
      footer={footer}
    >
      {view === null ? (
        <EngineStep onPick={pickEngine} onUseUri={() => setView(URI_VIEW)} />
      ) : (
        <ConnectionViewHeader
          view={view}
          formBackend={formBackend}
          onUseUri={() => {
            setTestResult(null);
            if (view.method === 'dynamic_form') setUriEngine(engineOf(view.backend) ?? 'postgresql');
            setView(URI_VIEW);
          }}
          onUseForm={(backend) => {
            setTestResult(null);
            if (backend === undefined) setView(null);
            else setView({ method: 'dynamic_form', backend });
          }}
        />
      )}
      <div onKeyDown={onKeyDown} style={view === null ? { display: 'none' } : undefined}>
        <Form<DatabaseFormValues>
          form={form}
          layout="vertical"
          initialValues={database === undefined ? emptyDatabaseForm() : databaseFormFrom(database)}
          onValuesChange={(changed: Partial<DatabaseFormValues>) => {
            if (Object.keys(changed).some((field) => field !== 'database_name')) setTestResult(null);
          }}
        >
          {view === null ? null : (
            <>
              <Form.Item
                label={view.method === 'dynamic_form' ? 'Display name' : 'Database name'}
                name="database_name"
                rules={[{ required: true, whitespace: true, message: 'Enter a name' }]}
                extra={view.method === 'dynamic_form' ? 'How the database is listed here.' : undefined}
              >
                <Input data-test="database-name" placeholder="e.g. warehouse" maxLength={250} autoFocus />
              </Form.Item>
              {view.method === 'dynamic_form' ? (
                <ConnectionParameterFields backend={view.backend} editing={database !== undefined} />
              ) : (
                <>
                  <Form.Item
                    label="Engine"
                    tooltip="Only changes the URI example below; the URI decides the engine."
                  >
                    <Select<Engine>
                      data-test="database-engine"
                      value={uriEngine}
                      onChange={setUriEngine}
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
                      placeholder={URI_PLACEHOLDERS[uriEngine]}
                      autoComplete="off"
                      spellCheck={false}
                    />
                  </Form.Item>
                </>
              )}
              <Form.Item>
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Button
                    data-test="test-connection"
                    loading={testState.isLoading || validateState.isLoading}
                    onClick={() => void onTest(view)}
                  >
                    Test connection
                  </Button>
                  <TestConnectionResult result={testResult} database={database} />
                </Space>
              </Form.Item>
            </>
          )}
          <AdvancedSection />
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
      </div>
    </Modal>
  );
}

function ConnectionViewHeader({
  view,
  formBackend,
  onUseUri,
  onUseForm,
}: {
  view: ConnectionView;
  formBackend: ConnectionBackend | undefined;
  onUseUri: () => void;
  onUseForm: (backend: ConnectionBackend | undefined) => void;
}) {
  return (
    <div
      data-test="database-connection-view"
      style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', marginBottom: 12 }}
    >
      <Typography.Text strong data-test="database-connection-engine">
        {view.method === 'dynamic_form' ? `${BACKEND_LABELS[view.backend]} connection` : 'SQLAlchemy URI'}
      </Typography.Text>
      {view.method === 'dynamic_form' ? (
        <Button type="link" data-test="switch-to-uri" style={{ padding: 0 }} onClick={onUseUri}>
          Connect with a SQLAlchemy URI instead
        </Button>
      ) : (
        <Button
          type="link"
          data-test="switch-to-form"
          style={{ padding: 0 }}
          onClick={() => onUseForm(formBackend)}
        >
          Use the connection form
        </Button>
      )}
    </div>
  );
}

function TestConnectionResult({ result, database }: { result: TestResult; database: Database | undefined }) {
  if (result === null)
    return (
      <SecurityWarnings dataTest="database-security-warnings" warnings={database?.security_warnings ?? []} />
    );
  if (!result.ok) return <ErrorMessage data-test="test-connection-result" error={result.error} />;
  return (
    <>
      <Alert data-test="test-connection-result" type="success" showIcon title={CONNECTION_OK_MESSAGE} />
      <SecurityWarnings dataTest="test-connection-warnings" warnings={result.securityWarnings} />
    </>
  );
}

/** The Advanced flags and `extra`; rendered while closed so its fields take part in validation and saving. */
function AdvancedSection() {
  const form = Form.useFormInstance();
  const extra: unknown = Form.useWatch('extra', form);
  const extraText = typeof extra === 'string' ? extra : '';
  return (
    <Collapse
      data-test="database-advanced"
      items={[
        {
          key: 'advanced',
          label: <span data-test="database-advanced-toggle">Advanced</span>,
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
              {EXTRA_FLAGS.map((flag) => {
                const checked = extraFlagOf(extraText, flag.name);
                return (
                  <Form.Item key={flag.name} tooltip={flag.tooltip} style={{ marginBottom: 8 }}>
                    <Checkbox
                      data-test={`database-${flag.name}`}
                      checked={checked === true}
                      disabled={checked === null}
                      onChange={(event) => {
                        // The stored text, not the watched one: a watch may trail a keystroke just made.
                        const current: unknown = form.getFieldValue('extra');
                        const text = typeof current === 'string' ? current : '';
                        form.setFieldValue('extra', withExtraFlag(text, flag.name, event.target.checked));
                      }}
                    >
                      {flag.label}
                    </Checkbox>
                  </Form.Item>
                );
              })}
              <Form.Item
                label="Extra"
                name="extra"
                tooltip="JSON object with engine parameters and metadata options."
                rules={[
                  {
                    validator: (_rule, value: unknown) => {
                      const message = extraJsonError(typeof value === 'string' ? value : '');
                      return message === undefined ? Promise.resolve() : Promise.reject(new Error(message));
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
  );
}
