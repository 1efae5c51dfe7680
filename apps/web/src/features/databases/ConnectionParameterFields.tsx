import {
  CONNECTION_QUERY_PARAMETERS,
  DEFAULT_PORTS,
  PASSWORD_MASK,
  isNetworkBackend,
  type ConnectionBackend,
} from '@tessera/contracts';
import { Col, Form, Input, Row, Switch } from 'antd';
import { PARAMETER_LABELS } from './connection-errors';

const required = (what: string) => [{ required: true, whitespace: true, message: `Enter the ${what}` }];

function QueryField({ backend }: { backend: ConnectionBackend }) {
  const names = CONNECTION_QUERY_PARAMETERS[backend];
  if (names.length === 0) return null;
  return (
    <Form.Item
      label={PARAMETER_LABELS.query}
      name="query"
      extra={`Optional, as name=value&name=value. Allowed: ${names.join(', ')}.`}
    >
      <Input
        data-test="connection-query"
        placeholder={`${names[0] ?? 'name'}=value`}
        autoComplete="off"
        spellCheck={false}
      />
    </Form.Item>
  );
}

/**
 * The connection form of one engine (Superset's dynamic form): host, port, database, user and password
 * for servers; a file path for SQLite and DuckDB. Field names are the `parameters` keys.
 */
export function ConnectionParameterFields({
  backend,
  editing,
}: {
  backend: ConnectionBackend;
  editing: boolean;
}) {
  if (!isNetworkBackend(backend))
    return (
      <>
        <Form.Item
          label={PARAMETER_LABELS.file_path}
          name="file_path"
          rules={required('path of the database file')}
          extra="A path on the server. Files outside the directories the server allows are refused."
        >
          <Input
            data-test="connection-file-path"
            placeholder={backend === 'sqlite' ? '/data/analytics.db' : '/data/analytics.duckdb'}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <QueryField backend={backend} />
      </>
    );
  return (
    <>
      <Row gutter={12}>
        <Col flex="auto">
          <Form.Item label={PARAMETER_LABELS.host} name="host" rules={required('host')}>
            <Input
              data-test="connection-host"
              placeholder="e.g. 127.0.0.1 or db.example.com"
              autoComplete="off"
              spellCheck={false}
            />
          </Form.Item>
        </Col>
        <Col style={{ width: 130 }}>
          <Form.Item label={PARAMETER_LABELS.port} name="port">
            <Input
              data-test="connection-port"
              inputMode="numeric"
              placeholder={String(DEFAULT_PORTS[backend])}
              autoComplete="off"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={PARAMETER_LABELS.database} name="database" rules={required('database name')}>
        <Input
          data-test="connection-database"
          placeholder="e.g. analytics"
          autoComplete="off"
          spellCheck={false}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label={PARAMETER_LABELS.username} name="username" rules={required('username')}>
            <Input data-test="connection-username" autoComplete="off" spellCheck={false} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label={PARAMETER_LABELS.password}
            name="password"
            extra={editing ? 'Leave as it is to keep the stored password.' : undefined}
          >
            <Input.Password
              data-test="connection-password"
              autoComplete="new-password"
              placeholder={editing ? PASSWORD_MASK : undefined}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="encryption" valuePropName="checked" label="SSL" style={{ marginBottom: 12 }}>
        <Switch data-test="connection-encryption" checkedChildren="Required" unCheckedChildren="Off" />
      </Form.Item>
      <QueryField backend={backend} />
    </>
  );
}
