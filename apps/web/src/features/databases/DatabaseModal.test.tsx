import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  PASSWORD_MASK,
  SECURITY_WARNING_MESSAGES,
  buildSupersetError,
  type Database,
} from '@tessera/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { DatabaseModal } from './DatabaseModal';

setupDomTest();

function fill(id: string, value: string) {
  fireEvent.change(byDataTest(id), { target: { value } });
}

describe('DatabaseModal', () => {
  it('refuses to save when extra is not a JSON object', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500, {}));
    const onSaved = vi.fn();
    renderWithStore(<DatabaseModal onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.click(byDataTest('connect-with-uri'));

    fill('database-name', 'examples');
    fill('database-uri', 'duckdb:///examples.duckdb');
    fill('database-extra', '{"engine_params": ');
    fireEvent.click(byDataTest('database-modal-save'));

    expect(await screen.findByText(/^Extra is not valid JSON/)).toBeTruthy();
    fill('database-extra', '[1, 2]');
    expect(await screen.findByText('Extra must be a JSON object')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("keeps 'Disable drill to detail' in extra, as Superset does", async () => {
    stubFetch(() => jsonResponse(500, {}));
    renderWithStore(<DatabaseModal onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.click(byDataTest('connect-with-uri'));
    fill('database-extra', '{"engine_params": {}}');
    const checkbox = byDataTest('database-disable_drill_to_detail');
    if (!(checkbox instanceof HTMLInputElement)) throw new Error('the flag is a checkbox');
    expect(checkbox.checked).toBe(false);
    fireEvent.click(checkbox);
    await waitFor(() => {
      expect(JSON.parse((byDataTest('database-extra') as HTMLTextAreaElement).value)).toEqual({
        engine_params: {},
        disable_drill_to_detail: true,
      });
    });
    await waitFor(() => {
      expect(checkbox.checked).toBe(true);
    });
    // Text that is not a JSON object cannot be edited through the checkbox.
    fill('database-extra', '{"engine_params": ');
    await waitFor(() => {
      expect(checkbox.disabled).toBe(true);
    });
  });

  it('shows a failed connection test with its issue codes, sending the CSRF token', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 'token-1' })
        : jsonResponse(422, {
            errors: [buildSupersetError('CONNECTION_ACCESS_DENIED_ERROR', 'Access denied for user app')],
          }),
    );
    renderWithStore(<DatabaseModal onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.click(byDataTest('connect-with-uri'));

    fill('database-uri', 'postgresql://app:bad@localhost:5432/db');
    fireEvent.click(byDataTest('test-connection'));

    expect(await screen.findByText('Access denied for user app')).toBeTruthy();
    expect(screen.getByText('Issue 1014 - Either the username or the password is wrong.')).toBeTruthy();
    const testCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/database/test_connection/');
    expect(new Headers(testCall?.[1].headers).get('X-CSRFToken')).toBe('token-1');
    expect(sentJson(testCall?.[1])).toMatchObject({
      sqlalchemy_uri: 'postgresql://app:bad@localhost:5432/db',
    });
  });

  it('puts field errors of a 400 on their fields', async () => {
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 'token-1' })
        : jsonResponse(400, {
            message: { database_name: ['A database with the same name already exists.'] },
          }),
    );
    const onSaved = vi.fn();
    renderWithStore(<DatabaseModal onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.click(byDataTest('connect-with-uri'));

    fill('database-name', 'examples');
    fill('database-uri', 'duckdb:///examples.duckdb');
    fireEvent.click(byDataTest('database-modal-save'));

    expect(await screen.findByText('A database with the same name already exists.')).toBeTruthy();
    await waitFor(() => {
      expect(onSaved).not.toHaveBeenCalled();
    });
  });

  it('shows the security warnings of a successful connection test', async () => {
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 'token-1' })
        : jsonResponse(200, {
            message: 'OK',
            security_warnings: [SECURITY_WARNING_MESSAGES.superuser],
          }),
    );
    renderWithStore(<DatabaseModal onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.click(byDataTest('connect-with-uri'));

    fill('database-uri', 'postgresql://postgres@localhost:5432/db');
    fireEvent.click(byDataTest('test-connection'));

    expect(await screen.findByText(SECURITY_WARNING_MESSAGES.superuser)).toBeTruthy();
    expect(byDataTest('test-connection-warnings')).toBeTruthy();
    expect(byDataTest('test-connection-result').textContent).toContain('Connection looks good!');
  });
});

const csrfOr = (answer: (url: string, init: RequestInit) => Response) => (url: string, init: RequestInit) =>
  url === '/api/v1/security/csrf_token/' ? jsonResponse(200, { result: 'token-1' }) : answer(url, init);

function callTo(fetchMock: ReturnType<typeof stubFetch>, url: string): RequestInit | undefined {
  return fetchMock.mock.calls.find(([called]) => called === url)?.[1];
}

const STORED: Database = {
  id: 7,
  uuid: 'u-7',
  database_name: 'warehouse',
  sqlalchemy_uri: `postgresql://app:${PASSWORD_MASK}@db.internal:6543/wh`,
  parameters: {
    host: 'db.internal',
    port: 6543,
    database: 'wh',
    username: 'app',
    password: PASSWORD_MASK,
    query: {},
    encryption: true,
  },
  backend: 'postgresql',
  engine_name: 'PostgreSQL',
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  disable_data_preview: false,
  allows_subquery: true,
  allow_multi_catalog: false,
  extra: '{}',
  cache_timeout: null,
  force_ctas_schema: null,
  created_by: null,
  changed_on: '2025-01-01T00:00:00',
  changed_on_delta_humanized: 'a day ago',
};

describe('DatabaseModal connection form', () => {
  it('picks an engine, prefills its port, tests the parameters live and connects with them', async () => {
    const fetchMock = stubFetch(
      csrfOr((url) =>
        url === '/api/v1/database/'
          ? jsonResponse(201, { id: 9, result: { ...STORED, id: 9, database_name: 'sales' } })
          : url === '/api/v1/database/test_connection/'
            ? jsonResponse(200, { message: 'OK', security_warnings: [] })
            : jsonResponse(200, { message: 'OK' }),
      ),
    );
    const onSaved = vi.fn();
    renderWithStore(<DatabaseModal onClose={vi.fn()} onSaved={onSaved} />);

    fireEvent.click(byDataTest('database-engine-mariadb'));
    expect((byDataTest('connection-port') as HTMLInputElement).value).toBe('3306');
    fireEvent.click(byDataTest('database-modal-back'));
    fireEvent.click(byDataTest('database-engine-postgresql'));
    expect((byDataTest('connection-port') as HTMLInputElement).value).toBe('5432');
    expect((byDataTest('connection-password') as HTMLInputElement).type).toBe('password');
    fill('database-name', 'sales');
    fill('connection-host', '127.0.0.1');
    fill('connection-database', 'postgres');
    fill('connection-username', 'postgres');
    fill('connection-password', 'p@ss:w/rd');
    fill('connection-query', 'application_name=bi');
    fireEvent.click(byDataTest('test-connection'));

    await waitFor(() => {
      expect(byDataTest('test-connection-result').textContent).toContain('Connection looks good!');
    });
    const parameters = {
      host: '127.0.0.1',
      port: 5432,
      database: 'postgres',
      username: 'postgres',
      password: 'p@ss:w/rd',
      query: { application_name: 'bi' },
      encryption: false,
    };
    expect(sentJson(callTo(fetchMock, '/api/v1/database/validate_parameters/'))).toEqual({
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters,
    });
    expect(sentJson(callTo(fetchMock, '/api/v1/database/test_connection/'))).toMatchObject({
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters,
    });

    // Enter in a field connects.
    fireEvent.keyDown(byDataTest('connection-host'), { key: 'Enter' });
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalled();
    });
    const created = sentJson(callTo(fetchMock, '/api/v1/database/'));
    expect(created).toMatchObject({ database_name: 'sales', engine: 'postgresql', parameters });
    expect(created).not.toHaveProperty('sqlalchemy_uri');
  });

  it("puts validate_parameters' errors on the fields they name", async () => {
    const fetchMock = stubFetch(
      csrfOr(() =>
        jsonResponse(422, {
          errors: [
            buildSupersetError(
              'CONNECTION_INVALID_HOSTNAME_ERROR',
              'The host "nohost.invalid" cannot be resolved.',
              {
                invalid: ['host'],
              },
            ),
          ],
        }),
      ),
    );
    renderWithStore(<DatabaseModal onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.click(byDataTest('database-engine-postgresql'));
    fill('connection-host', 'nohost.invalid');
    fill('connection-database', 'd');
    fill('connection-username', 'u');
    fireEvent.click(byDataTest('test-connection'));

    // Once under the Host field and once as the test result, with its issue code.
    await waitFor(() => {
      expect(screen.getAllByText('The host "nohost.invalid" cannot be resolved.').length).toBe(2);
    });
    const hostItem = byDataTest('connection-host').closest('.ant-form-item');
    expect(hostItem?.textContent).toContain('cannot be resolved');
    expect(byDataTest('test-connection-result').textContent).toContain('Issue 1007');
    expect(callTo(fetchMock, '/api/v1/database/test_connection/')).toBeUndefined();
  });

  it("shows the server's refusal of a file on the file path field", async () => {
    stubFetch(
      csrfOr(() =>
        jsonResponse(400, {
          message: { sqlalchemy_uri: ['sqlite cannot be used as a data source for security reasons.'] },
        }),
      ),
    );
    renderWithStore(<DatabaseModal onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.click(byDataTest('database-engine-sqlite'));
    fill('database-name', 'local');
    fill('connection-file-path', '/etc/passwd');
    fireEvent.click(byDataTest('database-modal-save'));

    const message = await screen.findByText('sqlite cannot be used as a data source for security reasons.');
    expect(
      message.closest('.ant-form-item')?.querySelector('[data-test="connection-file-path"]'),
    ).toBeTruthy();
  });

  it('opens an existing database in its form with the password masked, and keeps an untouched connection', async () => {
    const fetchMock = stubFetch(csrfOr(() => jsonResponse(200, { id: 7, result: STORED })));
    const onSaved = vi.fn();
    renderWithStore(<DatabaseModal database={STORED} onClose={vi.fn()} onSaved={onSaved} />);

    expect((byDataTest('connection-host') as HTMLInputElement).value).toBe('db.internal');
    expect((byDataTest('connection-port') as HTMLInputElement).value).toBe('6543');
    const password = byDataTest('connection-password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.value).toBe(PASSWORD_MASK);
    expect(byDataTest('connection-encryption').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(byDataTest('switch-to-uri'));
    expect((byDataTest('database-uri') as HTMLInputElement).value).toBe(STORED.sqlalchemy_uri);
    fireEvent.click(byDataTest('switch-to-form'));
    fill('database-name', 'warehouse-2');
    fireEvent.click(byDataTest('database-modal-save'));
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalled();
    });
    const update = sentJson(callTo(fetchMock, '/api/v1/database/7'));
    expect(update).toMatchObject({ database_name: 'warehouse-2' });
    expect(update).not.toHaveProperty('parameters');
    expect(update).not.toHaveProperty('sqlalchemy_uri');
  });

  it('sends the parameters with the mask when a connection field of an existing database changes', async () => {
    const fetchMock = stubFetch(csrfOr(() => jsonResponse(200, { id: 7, result: STORED })));
    const onSaved = vi.fn();
    renderWithStore(<DatabaseModal database={STORED} onClose={vi.fn()} onSaved={onSaved} />);
    fill('connection-database', 'wh2');
    fireEvent.click(byDataTest('database-modal-save'));
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalled();
    });
    expect(sentJson(callTo(fetchMock, '/api/v1/database/7'))).toMatchObject({
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters: {
        host: 'db.internal',
        port: 6543,
        database: 'wh2',
        password: PASSWORD_MASK,
        encryption: true,
      },
    });
  });
});
