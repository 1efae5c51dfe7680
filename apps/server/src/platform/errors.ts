import { buildSupersetError, type ErrorLevel, type ErrorType, type SupersetError } from '@tessera/contracts';

/** An error whose HTTP status and body are decided where it is thrown; the error handler sends it as is. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    message?: string,
  ) {
    super(message ?? JSON.stringify(body));
    this.name = 'ApiError';
  }
}

/** `{message}` bodies of the model APIs. */
export function messageError(statusCode: number, message: string | Record<string, string[]>): ApiError {
  return new ApiError(statusCode, { message }, typeof message === 'string' ? message : 'Validation error');
}

/** SIP-40 `{errors:[...]}` bodies. */
export function sip40Error(
  statusCode: number,
  errorType: ErrorType,
  message: string,
  extra: Record<string, unknown> | null = null,
  level: ErrorLevel = 'error',
): ApiError {
  return new ApiError(
    statusCode,
    { errors: [buildSupersetError(errorType, message, extra, level)] },
    message,
  );
}

export function sip40Errors(statusCode: number, errors: SupersetError[]): ApiError {
  return new ApiError(statusCode, { errors }, errors[0]?.message);
}

export const notFound = (what = 'Not found'): ApiError => messageError(404, what);
export const forbidden = (what = 'Forbidden'): ApiError => messageError(403, what);
export const unauthorized = (what = 'Not authorized'): ApiError => messageError(401, what);
