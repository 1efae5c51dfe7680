import type { FastifyInstance } from 'fastify';

/**
 * application/x-www-form-urlencoded bodies (SQL Lab's tab persistence views) as a plain field map.
 * A Map first, so that field names like `__proto__` stay ordinary data.
 */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const fields = new Map<string, string>();
      for (const [key, value] of new URLSearchParams(
        typeof body === 'string' ? body : body.toString('utf8'),
      )) {
        fields.set(key, value);
      }
      done(null, Object.fromEntries(fields));
    },
  );
}
