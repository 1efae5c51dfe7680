import type { FastifyError, FastifyInstance } from 'fastify';
import { buildSupersetError } from '@tessera/contracts';
import { isBackendUnavailable } from './backend-errors';
import { isApiError } from './validation';

/** Framework errors that are the client's doing, with the message each one gets. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but the content type is JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length.',
  FST_ERR_CTP_INVALID_TYPE: 'Invalid content type.',
  FST_ERR_BAD_URL: 'Malformed URL.',
  FST_ERR_ASYNC_CONSTRAINT: 'Malformed request.',
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}

/**
 * One place turns every failure into the reference's bodies: ApiError as thrown, framework 4xx as
 * `{message}`, anything unexpected as a logged 500 that reveals nothing of the internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (isApiError(error)) return reply.code(error.statusCode).send(error.body);
    if (isFastifyError(error)) {
      const status = error.statusCode ?? 500;
      if (status === 429) return reply.code(429).send({ message: error.message });
      if (status >= 400 && status < 500) {
        const message = CLIENT_ERROR_MESSAGES[error.code] ?? (error.message || 'Bad request');
        return reply.code(status).send({ message });
      }
    }
    if (error instanceof SyntaxError && 'body' in error) {
      return reply.code(400).send({ message: CLIENT_ERROR_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY });
    }
    if (isBackendUnavailable(error)) {
      request.log.warn({ err: error }, 'a backend is unavailable');
      return reply.code(503).send({
        errors: [
          buildSupersetError(
            'GENERIC_BACKEND_ERROR',
            'A service the server depends on (its metadata database or Redis) is unavailable. Try again in a moment.',
          ),
        ],
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      errors: [buildSupersetError('GENERIC_BACKEND_ERROR', 'An unexpected error occurred on the server.')],
    });
  });
}
