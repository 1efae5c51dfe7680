import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../shared/lazy/lazy-component';
import { byDataTest, setupDomTest } from '../test/dom-test';
import { Suspense } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

setupDomTest();

function Screen() {
  return <p>The screen</p>;
}

function renderLazy(load: () => Promise<typeof Screen>) {
  const Lazy = lazyComponent(load);
  return render(
    <ErrorBoundary>
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>
    </ErrorBoundary>,
  );
}

describe('ErrorBoundary with a lazy screen', () => {
  it('offers a retry when the chunk cannot be downloaded, and the retry downloads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Screen>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Screen);
    renderLazy(load);

    await screen.findByText('This screen could not be loaded');
    expect(document.querySelector('[data-test="unexpected-error"]')).toBeNull();
    expect(byDataTest('reload-page').textContent).toBe('Reload the page');
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(byDataTest('chunk-retry'));
    await screen.findByText('The screen');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the retry on screen while the server stays unreachable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderLazy(load);

    await screen.findByText('This screen could not be loaded');
    fireEvent.click(byDataTest('chunk-retry'));
    await screen.findByText('This screen could not be loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('still shows Unexpected error for an error that is not a failed download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    await screen.findByText('Unexpected error');
    expect(document.querySelector('[data-test="chunk-retry"]')).toBeNull();
  });
});
