import { BUNDLE_RESOURCE_NAMES, chartIdsSchema, type BundleResource } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { MultipartForm } from '../../platform/multipart-body';
import { parseRisonQuery, risonParam } from '../../platform/validation';
import { requirePermission } from '../security/principal';
import { exportBundle, importBundleZip, importRequestOf } from './bundles.service';

/** The permission view of each resource: export reads, import writes (Superset's method map). */
const VIEWS: Record<BundleResource, string> = {
  database: 'Database',
  dataset: 'Dataset',
  chart: 'Chart',
  dashboard: 'Dashboard',
  saved_query: 'SavedQuery',
};

export function registerBundleRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const resource of BUNDLE_RESOURCE_NAMES) {
    app.get(`/api/v1/${resource}/export/`, async (request, reply) => {
      const principal = requirePermission(request.principal, 'can_read', VIEWS[resource]);
      const ids = parseRisonQuery(chartIdsSchema, risonParam(request));
      const bundle = await exportBundle(ctx, principal, resource, ids);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename=${bundle.filename}`)
        .send(Buffer.from(bundle.zip));
    });

    app.post(`/api/v1/${resource}/import/`, async (request) => {
      const principal = requirePermission(request.principal, 'can_write', VIEWS[resource]);
      if (!(request.body instanceof MultipartForm))
        throw messageError(400, 'Send the bundle as multipart/form-data with the ZIP in formData.');
      await importBundleZip(ctx, principal, resource, importRequestOf(request.body));
      return { message: 'OK' };
    });
  }
}
