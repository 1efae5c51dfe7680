/**
 * A promise already holding `value` whose then() answers at once, in the caller's own turn, instead of
 * in a later microtask. React.lazy reads a module through then(): handed one of these for code that has
 * already loaded, it renders the component in the same pass instead of suspending — and React holds
 * back every Suspense reveal for up to 300 ms after any fallback was shown, so a needless fallback on a
 * page with many lazy parts costs far more than one frame.
 */
export function settledPromise<T>(value: T): Promise<T> {
  const promise = Promise.resolve(value);
  const then = <A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> => {
    if (typeof onFulfilled !== 'function') return Promise.resolve(value).then(onFulfilled, onRejected);
    try {
      return Promise.resolve(onFulfilled(value));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return Object.defineProperty(promise, 'then', { value: then });
}
