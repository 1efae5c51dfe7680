/** Reads the fields drivers put on their errors, without trusting the error's type. */
export interface ErrorShape {
  message: string;
  /** Node system code (ENOTFOUND), PostgreSQL SQLSTATE (42P01) or mysql2 code (ER_NO_SUCH_TABLE). */
  code: string | undefined;
  /** mysql2 numeric error number (1146). */
  errno: number | undefined;
}

export function errorShape(error: unknown): ErrorShape {
  if (typeof error !== 'object' || error === null)
    return { message: String(error), code: undefined, errno: undefined };
  const message = 'message' in error && typeof error.message === 'string' ? error.message : 'Unknown error';
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const errno = 'errno' in error && typeof error.errno === 'number' ? error.errno : undefined;
  return { message, code, errno };
}

/** AggregateError (dual-stack connect) hides the useful code in its first inner error. */
export function innermostNetworkCode(error: unknown): string | undefined {
  const shape = errorShape(error);
  if (shape.code) return shape.code;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const code = errorShape(inner).code;
      if (code) return code;
    }
  }
  return undefined;
}
