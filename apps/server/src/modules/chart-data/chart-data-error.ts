import { buildSupersetError, type ErrorType } from '@tessera/contracts';
import { ApiError } from '../../platform/errors';

/**
 * A refusal of a query context, raised by the pure compiler and turned into the HTTP answer by
 * the route: `{message}` (reference §5.3) or SIP-40 `{errors}` for the adhoc-SQL checks.
 */
export class ChartDataError extends Error {
  private constructor(
    readonly status: number,
    message: string,
    readonly errorType: ErrorType | null,
  ) {
    super(message);
    this.name = 'ChartDataError';
  }

  static message(status: number, message: string): ChartDataError {
    return new ChartDataError(status, message, null);
  }

  static sip40(status: number, errorType: ErrorType, message: string): ChartDataError {
    return new ChartDataError(status, message, errorType);
  }

  toApiError(): ApiError {
    if (this.errorType === null) return new ApiError(this.status, { message: this.message }, this.message);
    return new ApiError(
      this.status,
      { errors: [buildSupersetError(this.errorType, this.message, null)], message: this.message },
      this.message,
    );
  }
}

/** Python's list repr, which Superset's messages print: `['a', 'b']`. */
export function pythonList(names: readonly string[]): string {
  return `[${names.map((name) => `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(', ')}]`;
}
