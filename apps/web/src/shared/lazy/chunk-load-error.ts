/**
 * A lazily loaded chunk (a screen, a modal) could not be downloaded: the server is unreachable, or a new
 * release replaced the file. `retry` makes the next render download it again; React.lazy alone would keep
 * rethrowing the first failure.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly retry: () => void;

  constructor(cause: unknown, retry: () => void) {
    super(cause instanceof Error ? cause.message : 'The code of this screen could not be downloaded.', {
      cause,
    });
    this.retry = retry;
  }
}
