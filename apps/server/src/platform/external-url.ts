import type { FastifyRequest } from 'fastify';

/**
 * The absolute address of an app path as the caller reached the server (scheme and host honour the trusted
 * proxy headers Fastify was told to trust), the form Superset's permalink answers carry.
 */
export function externalUrl(request: FastifyRequest, appPath: string): string {
  return `${request.protocol}://${request.host}${appPath}`;
}
