import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  TEST_BOOTSTRAP,
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { PASSWORD_CHANGED, PASSWORDS_DIFFER } from './password-form';
import { ProfilePage } from './ProfilePage';

setupDomTest();

function fill(dataTest: string, value: string): void {
  fireEvent.change(byDataTest(dataTest), { target: { value } });
}

function fillForm(current: string, next: string, repeat = next): void {
  fill('current-password', current);
  fill('new-password', next);
  fill('confirm-password', repeat);
  fireEvent.click(byDataTest('change-password-submit'));
}

describe('ProfilePage', () => {
  it("shows the user's name, username, e-mail and roles", () => {
    renderWithStore(<ProfilePage />, {
      ...TEST_BOOTSTRAP,
      user: TEST_BOOTSTRAP.user && { ...TEST_BOOTSTRAP.user, roles: ['Alpha', 'sql_lab'] },
    });
    expect(byDataTest('profile-username').textContent).toBe('admin');
    expect(screen.getByText('Ada Min')).toBeTruthy();
    expect(screen.getByText('admin@example.com')).toBeTruthy();
    expect(byDataTest('profile-roles').textContent).toBe('Alphasql_lab');
  });

  it('checks the repeat locally, then sends the change and confirms it', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 't' })
        : jsonResponse(200, { message: 'OK' }),
    );
    const { store } = renderWithStore(<ProfilePage />);
    fillForm('old-password', 'new-password-1', 'new-password-2');
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fillForm('old-password', 'new-password-1');
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.text)).toContain(PASSWORD_CHANGED),
    );
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/me/password');
    expect(call?.[1].method).toBe('PUT');
    expect(sentJson(call?.[1])).toEqual({ current_password: 'old-password', new_password: 'new-password-1' });
    await waitFor(() => expect((byDataTest('current-password') as HTMLInputElement).value).toBe(''));
  });

  it("puts the server's refusal of the current password on its field", async () => {
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 't' })
        : jsonResponse(400, { message: { current_password: ['The current password is not correct.'] } }),
    );
    renderWithStore(<ProfilePage />);
    fillForm('wrong-password', 'new-password-1');
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
  });

  it('shows an error without field messages above the button', async () => {
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 't' })
        : jsonResponse(429, { message: 'Too many login attempts. Please wait a minute and try again.' }),
    );
    renderWithStore(<ProfilePage />);
    fillForm('old-password', 'new-password-1');
    await waitFor(() =>
      expect(byDataTest('change-password-error').textContent).toContain('Too many login attempts'),
    );
  });
});
