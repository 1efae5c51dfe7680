import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { requirePermission } from '../security/principal';
import {
  shotPath,
  shotState,
  shotTarget,
  startShot,
  thumbnailsEnabled,
  type ShotKind,
  type ShotSize,
} from './thumbnails.service';

const RESOURCE: Record<ShotKind, 'Dashboard' | 'Chart'> = { dashboard: 'Dashboard', chart: 'Chart' };

function params(request: FastifyRequest): { pk: string; digest: string } {
  const { id, digest } = request.params as { id?: unknown; digest?: unknown };
  return { pk: typeof id === 'string' ? id : '', digest: typeof digest === 'string' ? digest : '' };
}

/**
 * Dashboard and chart pictures through the report renderer (issue #14, server item 5; reference §8.1):
 * `thumbnail/{digest}/` renders on first ask (202) and then answers the PNG (200); a digest that is not
 * the object's current one redirects to the current URL. `cache_…screenshot/` starts a full-size render
 * (202 with its `image_url`), `screenshot/{digest}/` answers 202 while it runs, then the PNG; 404 when
 * nothing was asked for, the object is unknown or the caller may not read it, or THUMBNAILS is off.
 */
export function registerThumbnailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const picture =
    (kind: ShotKind, size: ShotSize) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!thumbnailsEnabled(ctx)) throw notFound();
      const principal = requirePermission(request.principal, 'can_read', RESOURCE[kind]);
      const { pk, digest } = params(request);
      const target = await shotTarget(ctx, principal, kind, pk);
      if (digest !== target.digest) {
        if (size === 'screenshot') throw notFound();
        return reply.redirect(shotPath(target, size), 302);
      }
      const shot = shotState(target, size, principal, ctx);
      if (shot.state === 'ready')
        return reply.code(200).type('image/png').header('cache-control', 'private, max-age=0').send(shot.png);
      if (shot.state === 'absent') {
        if (size === 'screenshot') throw notFound();
        startShot(ctx, principal, target, size);
      }
      return reply.code(202).send({ message: 'OK' });
    };

  const cacheScreenshot = (kind: ShotKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!thumbnailsEnabled(ctx)) throw notFound();
    const principal = requirePermission(request.principal, 'can_read', RESOURCE[kind]);
    const target = await shotTarget(ctx, principal, kind, params(request).pk);
    // Asked for again: rendered anew (unless a render of it is running), as Superset recomputes it.
    startShot(ctx, principal, target, 'screenshot', true);
    return reply.code(202).send({
      cache_key: target.digest,
      [`${kind}_url`]:
        kind === 'dashboard'
          ? `/superset/dashboard/${String(target.id)}/`
          : `/explore/?slice_id=${String(target.id)}`,
      image_url: shotPath(target, 'screenshot'),
    });
  };

  app.get('/api/v1/dashboard/:id/thumbnail/:digest/', picture('dashboard', 'thumbnail'));
  app.get('/api/v1/dashboard/:id/screenshot/:digest/', picture('dashboard', 'screenshot'));
  app.post('/api/v1/dashboard/:id/cache_dashboard_screenshot/', cacheScreenshot('dashboard'));
  app.put('/api/v1/dashboard/:id/cache_dashboard_screenshot/', cacheScreenshot('dashboard'));
  app.get('/api/v1/chart/:id/thumbnail/:digest/', picture('chart', 'thumbnail'));
  app.get('/api/v1/chart/:id/screenshot/:digest/', picture('chart', 'screenshot'));
  app.get('/api/v1/chart/:id/cache_screenshot/', cacheScreenshot('chart'));
}
