import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ChunkLoadError } from './chunk-load-error';

/**
 * React.lazy whose failed download can be retried: a rejection becomes a ChunkLoadError for the nearest
 * error boundary, and its retry swaps in a fresh lazy component. The swap happens only on retry, never
 * on the rejection itself, or React's re-render after the failure would start a new download each time
 * and the error would never show.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const create = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          throw new ChunkLoadError(error, () => {
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
  return Lazy;
}
