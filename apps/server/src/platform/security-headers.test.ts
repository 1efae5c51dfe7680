import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

describe('security headers', () => {
  it('are set on every response, the same each time, with a same-origin policy', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/thing', () => ({ ok: true }));
    app.get('/framed', (_request, reply) => {
      // As the embedded page does: the policy read back and its frame-ancestors replaced.
      const policy = String(reply.getHeader('content-security-policy'));
      void reply.header(
        'content-security-policy',
        policy.replace("frame-ancestors 'self'", 'frame-ancestors *'),
      );
      return { ok: true };
    });
    const first = await app.inject({ method: 'GET', url: '/thing' });
    const second = await app.inject({ method: 'GET', url: '/missing' });
    for (const response of [first, second]) {
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(policy).toContain("object-src 'none'");
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    const framed = await app.inject({ method: 'GET', url: '/framed' });
    expect(framed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(framed.headers['content-security-policy']).not.toContain("frame-ancestors 'self'");
    await app.close();
  });
});
