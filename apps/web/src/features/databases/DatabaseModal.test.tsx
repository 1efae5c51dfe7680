import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SECURITY_WARNING_MESSAGES, buildSupersetError } from '@tessera/contracts';
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

  it('shows a failed connection test with its issue codes, sending the CSRF token', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 'token-1' })
        : jsonResponse(422, {
            errors: [buildSupersetError('CONNECTION_ACCESS_DENIED_ERROR', 'Access denied for user app')],
          }),
    );
    renderWithStore(<DatabaseModal onClose={vi.fn()} onSaved={vi.fn()} />);

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

    fill('database-uri', 'postgresql://postgres@localhost:5432/db');
    fireEvent.click(byDataTest('test-connection'));

    expect(await screen.findByText(SECURITY_WARNING_MESSAGES.superuser)).toBeTruthy();
    expect(byDataTest('test-connection-warnings')).toBeTruthy();
    expect(byDataTest('test-connection-result').textContent).toContain('Connection looks good!');
  });
});
