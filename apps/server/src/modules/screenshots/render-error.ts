/** Why a render did not produce a file. The message is safe to show and to keep in a report's log. */
export type RenderFailure =
  | 'TIMEOUT'
  | 'BROWSER_CRASHED'
  | 'BROWSER_LAUNCH_FAILED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'SIGNED_OUT'
  | 'LOAD_FAILED'
  | 'CLOSED';

export class RenderError extends Error {
  override name = 'RenderError';
  constructor(
    message: string,
    readonly code: RenderFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
