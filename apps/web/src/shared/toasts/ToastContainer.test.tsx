import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, setupDomTest } from '../../test/dom-test';
import { ToastContainer, type ToastListComponent } from './ToastContainer';
import { ToastList } from './ToastList';
import { toastAdded } from './toasts-slice';

setupDomTest();

const unreachable = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

/** A loader that fails until `allow` is called, like a server that comes back. */
function flakyLoader(): { load: () => Promise<ToastListComponent>; allow: () => void; calls: () => number } {
  let reachable = false;
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return reachable ? Promise.resolve(ToastList) : unreachable();
    },
    allow: () => {
      reachable = true;
    },
    calls: () => calls,
  };
}

describe('ToastContainer', () => {
  it('shows a toast in the plain list when the styled list cannot be downloaded', async () => {
    const { store, container } = renderWithStore(<ToastContainer loadList={unreachable} />);
    // Let the start-up download fail before the toast, as when the server went away mid-session.
    await act(() => Promise.resolve());
    act(() => {
      store.dispatch(toastAdded('danger', 'An error occurred while saving the tab'));
    });
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('An error occurred while saving the tab');
    expect(container.querySelector('.ant-alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.getState().toasts.items).toHaveLength(0);
  });

  it('retries the download with the next toast and then shows the styled list', async () => {
    const loader = flakyLoader();
    const { store, container } = renderWithStore(<ToastContainer loadList={loader.load} />);
    act(() => {
      store.dispatch(toastAdded('warning', 'Server unreachable'));
    });
    expect((await screen.findByRole('status')).textContent).toContain('Server unreachable');
    // Let the failed downloads settle, so the next call can only come from the next toast.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const failedCalls = loader.calls();
    expect(failedCalls).toBeGreaterThan(0);

    loader.allow();
    act(() => {
      store.dispatch(toastAdded('success', 'Back online'));
    });
    await screen.findByText('Back online', { selector: '.ant-alert *' });
    expect(loader.calls()).toBe(failedCalls + 1);
    expect(container.querySelectorAll('.ant-alert')).toHaveLength(2);
  });

  it('downloads the styled list at start, before any toast', async () => {
    const loader = flakyLoader();
    loader.allow();
    const { store, container } = renderWithStore(<ToastContainer loadList={loader.load} />);
    expect(loader.calls()).toBe(1);
    await act(() => Promise.resolve());
    act(() => {
      store.dispatch(toastAdded('info', 'Saved'));
    });
    expect(container.querySelector('.ant-alert')?.textContent).toContain('Saved');
    expect(loader.calls()).toBe(1);
  });
});
