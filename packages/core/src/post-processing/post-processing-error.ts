/** A post-processing step the client sent that cannot run on this data (the server answers 400). */
export class PostProcessingError extends Error {
  override readonly name = 'PostProcessingError';
}

export const MISSING_COLUMNS_MESSAGE = 'Referenced columns not available in DataFrame.';
