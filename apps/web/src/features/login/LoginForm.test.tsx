import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
  TEST_BOOTSTRAP,
} from '../../test/dom-test';
import { LoginForm } from './LoginForm';

setupDomTest();

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
}

describe('LoginForm', () => {
  it("shows the server's message when the login is refused", async () => {
    const fetchMock = stubFetch(() => jsonResponse(401, { message: 'Invalid login. Please try again.' }));
    renderWithStore(<LoginForm onLoggedIn={vi.fn()} />, { ...TEST_BOOTSTRAP, user: null });

    fillAndSubmit('admin', 'wrong-password');

    expect(await screen.findByText('Invalid login. Please try again.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/login/');
    expect(init?.method).toBe('POST');
    expect(sentJson(init)).toEqual({ username: 'admin', password: 'wrong-password' });
  });

  it('hands the logged-in user over on success, without asking for a CSRF token', async () => {
    const user = TEST_BOOTSTRAP.user;
    const fetchMock = stubFetch(() => jsonResponse(200, { result: user }));
    const onLoggedIn = vi.fn();
    renderWithStore(<LoginForm onLoggedIn={onLoggedIn} />, { ...TEST_BOOTSTRAP, user: null });

    fillAndSubmit(' admin ', 'secret');

    await waitFor(() => {
      expect(onLoggedIn).toHaveBeenCalledWith(user);
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/login/']);
    expect(sentJson(fetchMock.mock.calls[0]?.[1])).toMatchObject({ username: 'admin' });
  });

  it('validates the fields before calling the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500, {}));
    renderWithStore(<LoginForm onLoggedIn={vi.fn()} />, { ...TEST_BOOTSTRAP, user: null });

    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));

    expect(await screen.findByText('Enter your username')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
