import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setupDomTest } from '../../test/dom-test';
import { lazyComponent } from './lazy-component';

setupDomTest();

function Screen() {
  return <p>The screen</p>;
}

describe('lazyComponent preload', () => {
  it('downloads once: the render after a preload waits for that same download', async () => {
    const load = vi.fn(() => Promise.resolve(Screen));
    const Lazy = lazyComponent(load);
    void Lazy.preload();
    void Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    await screen.findByText('The screen');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded component in the same pass, without the fallback', async () => {
    const Lazy = lazyComponent(() => Promise.resolve(Screen));
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('The screen')).toBeTruthy();
  });

  it('leaves a failed preload to the render (no unhandled rejection)', async () => {
    const load = vi
      .fn<() => Promise<typeof Screen>>()
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const Lazy = lazyComponent(load);
    void Lazy.preload();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
