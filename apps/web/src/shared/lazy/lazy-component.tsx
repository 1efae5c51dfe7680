import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { settledPromise } from '@tessera/core';
import { ChunkLoadError } from './chunk-load-error';

/** A lazily loaded component whose chunk can be asked for before it first renders. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /**
   * Starts the download now (once); the first render then waits for that same download. Resolves when
   * it has finished, loaded or not (a failure shows where the component renders).
   */
  preload: () => Promise<void>;
};

/**
 * React.lazy whose failed download can be retried: a rejection becomes a ChunkLoadError for the nearest
 * error boundary, and its retry swaps in a fresh lazy component. The swap happens only on retry, never
 * on the rejection itself, or React's re-render after the failure would start a new download each time
 * and the error would never show. `preload` lets the app start a page's download in parallel with the
 * code that will render it, instead of one chunk after another.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let started: Promise<ComponentType<P>> | null = null;
  // Once downloaded, a new render takes the component in the same pass (settledPromise), without a
  // Suspense fallback and the reveal React throttles after one.
  let loaded: ComponentType<P> | null = null;
  const download = (): Promise<ComponentType<P>> => {
    started ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return started;
  };
  const create = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      loaded !== null
        ? settledPromise({ default: loaded })
        : download().then(
            (component) => ({ default: component }),
            (error: unknown) => {
              throw new ChunkLoadError(error, () => {
                // A retry downloads again rather than replaying the failed attempt.
                started = null;
                current = create();
              });
            },
          ),
    );
  let current = create();
  function Lazy(props: P) {
    const Current = current;
    return <Current {...props} />;
  }
  return Object.assign(Lazy, {
    preload: () =>
      // A failed preload is not reported here: the render that needs the chunk shows the retry.
      download().then(
        () => undefined,
        () => undefined,
      ),
  });
}
