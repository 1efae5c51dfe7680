/** A time range, time shift or time grain the client sent that cannot be understood (the server answers 400). */
export class TimeRangeError extends Error {
  override readonly name = 'TimeRangeError';
}
