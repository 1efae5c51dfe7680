import {
  ANNOTATION_MESSAGES,
  type Annotation,
  type AnnotationCreate,
  type AnnotationLayer,
  type AnnotationLayerCreate,
  type AnnotationLayerUpdate,
  type AnnotationUpdate,
  type ListQuery,
  type NativeAnnotationData,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError, notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { toAnnotation, toAnnotationLayer } from './annotation-dict';
import { listAnnotationViews, listLayerViews } from './annotation-list';
import {
  annotationIdDescribed,
  annotationsInRange,
  deleteAnnotations,
  deleteLayers,
  existingAnnotationIds,
  existingLayerIds,
  findAnnotation,
  findAnnotationView,
  findLayer,
  findLayerView,
  insertAnnotation,
  insertLayer,
  layerIdNamed,
  layersHoldAnnotations,
  updateAnnotation,
  updateLayer,
  type AnnotationLayerRow,
  type AnnotationPatch,
  type AnnotationRow,
} from './annotation-layers.repo';

type Ctx = Pick<AppContext, 'store'>;

/** A zone-less date-time is UTC, as Superset stores naive times; answered and stored as UTC ISO. */
export function utcIso(text: string): string {
  const zoned = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(text) || !text.includes('T') ? text : `${text}Z`;
  return new Date(Date.parse(zoned)).toISOString();
}

function checkJson(text: string | null | undefined): void {
  if (text === null || text === undefined || text.trim() === '') return;
  try {
    JSON.parse(text);
  } catch {
    throw messageError(400, { json_metadata: [ANNOTATION_MESSAGES.jsonNotValid] });
  }
}

export async function visibleLayer(ctx: Ctx, id: number): Promise<AnnotationLayerRow> {
  const row = await findLayer(ctx.store.db, id);
  if (!row) throw notFound();
  return row;
}

async function checkLayerName(ctx: Ctx, name: string, self: number | null): Promise<void> {
  const holder = await layerIdNamed(ctx.store.db, name);
  if (holder !== undefined && holder !== self)
    throw messageError(422, { name: [ANNOTATION_MESSAGES.layerNameUnique] });
}

export async function listLayers(
  ctx: Ctx,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; result: AnnotationLayer[] }> {
  const { count, rows } = await listLayerViews(ctx.store.db, query);
  const now = Date.now();
  return { count, ids: rows.map((row) => row.id), result: rows.map((row) => toAnnotationLayer(row, now)) };
}

export async function showLayer(ctx: Ctx, id: number): Promise<AnnotationLayer> {
  const view = await findLayerView(ctx.store.db, id);
  if (!view) throw notFound();
  return toAnnotationLayer(view);
}

export async function createLayer(
  ctx: Ctx,
  principal: Principal,
  input: AnnotationLayerCreate,
): Promise<AnnotationLayerRow> {
  await checkLayerName(ctx, input.name, null);
  const id = await insertLayer(ctx.store.db, {
    name: input.name,
    descr: input.descr ?? null,
    created_by_fk: principal.user.id,
    changed_by_fk: principal.user.id,
  });
  return visibleLayer(ctx, id);
}

export async function changeLayer(
  ctx: Ctx,
  principal: Principal,
  id: number,
  input: AnnotationLayerUpdate,
): Promise<AnnotationLayerRow> {
  await visibleLayer(ctx, id);
  if (input.name !== undefined) await checkLayerName(ctx, input.name, id);
  await updateLayer(ctx.store.db, id, {
    changed_by_fk: principal.user.id,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.descr !== undefined ? { descr: input.descr } : {}),
  });
  return visibleLayer(ctx, id);
}

/** All or nothing: an unknown id is a 404, a layer still holding annotations a 422. */
export async function deleteLayersInBulk(ctx: Ctx, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const found = await existingLayerIds(ctx.store.db, unique);
  if (found.length !== unique.length) throw notFound();
  if (await layersHoldAnnotations(ctx.store.db, unique))
    throw messageError(422, ANNOTATION_MESSAGES.layerHasAnnotations);
  await deleteLayers(ctx.store.db, unique);
  return unique.length;
}

export async function visibleAnnotation(ctx: Ctx, layerId: number, id: number): Promise<AnnotationRow> {
  await visibleLayer(ctx, layerId);
  const row = await findAnnotation(ctx.store.db, layerId, id);
  if (!row) throw notFound();
  return row;
}

export async function listAnnotations(
  ctx: Ctx,
  layerId: number,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; result: Annotation[] }> {
  await visibleLayer(ctx, layerId);
  const { count, rows } = await listAnnotationViews(ctx.store.db, layerId, query);
  const now = Date.now();
  return { count, ids: rows.map((row) => row.id), result: rows.map((row) => toAnnotation(row, now)) };
}

export async function showAnnotation(ctx: Ctx, layerId: number, id: number): Promise<Annotation> {
  await visibleAnnotation(ctx, layerId, id);
  const view = await findAnnotationView(ctx.store.db, id);
  if (!view) throw notFound();
  return toAnnotation(view);
}

/** Superset's annotation rules: end after (or at) start, short description unique in its layer. */
async function checkAnnotation(
  ctx: Ctx,
  layerId: number,
  self: number | null,
  fields: { short_descr: string; start_dttm: string; end_dttm: string },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (fields.end_dttm < fields.start_dttm) errors.end_dttm = [ANNOTATION_MESSAGES.endBeforeStart];
  const holder = await annotationIdDescribed(ctx.store.db, layerId, fields.short_descr);
  if (holder !== undefined && holder !== self) errors.short_descr = [ANNOTATION_MESSAGES.shortDescrUnique];
  if (Object.keys(errors).length > 0) throw messageError(422, errors);
}

export async function createAnnotation(
  ctx: Ctx,
  principal: Principal,
  layerId: number,
  input: AnnotationCreate,
): Promise<AnnotationRow> {
  await visibleLayer(ctx, layerId);
  checkJson(input.json_metadata);
  const times = { start_dttm: utcIso(input.start_dttm), end_dttm: utcIso(input.end_dttm) };
  await checkAnnotation(ctx, layerId, null, { short_descr: input.short_descr, ...times });
  const id = await insertAnnotation(ctx.store.db, {
    layer_id: layerId,
    short_descr: input.short_descr,
    long_descr: input.long_descr ?? null,
    json_metadata: input.json_metadata ?? null,
    ...times,
    created_by_fk: principal.user.id,
    changed_by_fk: principal.user.id,
  });
  return visibleAnnotation(ctx, layerId, id);
}

export async function changeAnnotation(
  ctx: Ctx,
  principal: Principal,
  layerId: number,
  id: number,
  input: AnnotationUpdate,
): Promise<AnnotationRow> {
  const row = await visibleAnnotation(ctx, layerId, id);
  checkJson(input.json_metadata);
  const patch: AnnotationPatch = { changed_by_fk: principal.user.id };
  if (input.short_descr !== undefined) patch.short_descr = input.short_descr;
  if (input.long_descr !== undefined) patch.long_descr = input.long_descr;
  if (input.json_metadata !== undefined) patch.json_metadata = input.json_metadata;
  if (input.start_dttm !== undefined) patch.start_dttm = utcIso(input.start_dttm);
  if (input.end_dttm !== undefined) patch.end_dttm = utcIso(input.end_dttm);
  await checkAnnotation(ctx, layerId, id, {
    short_descr: patch.short_descr ?? row.short_descr,
    start_dttm: patch.start_dttm ?? row.start_dttm,
    end_dttm: patch.end_dttm ?? row.end_dttm,
  });
  await updateAnnotation(ctx.store.db, id, patch);
  return visibleAnnotation(ctx, layerId, id);
}

/** All or nothing: an id that is not an annotation of this layer makes the request a 404. */
export async function deleteAnnotationsInBulk(
  ctx: Ctx,
  layerId: number,
  ids: readonly number[],
): Promise<number> {
  await visibleLayer(ctx, layerId);
  const unique = [...new Set(ids)];
  const found = await existingAnnotationIds(ctx.store.db, layerId, unique);
  if (found.length !== unique.length) throw notFound();
  await deleteAnnotations(ctx.store.db, unique);
  return unique.length;
}

const NATIVE_COLUMNS = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'];

/**
 * The `annotation_data` entry of a NATIVE layer for a chart over [since, until]: the layer's
 * annotations that overlap that span, times in epoch ms like the chart's own rows. An unknown layer
 * has no records (the chart still draws; Superset answers the same for a deleted layer).
 */
export async function nativeAnnotationData(
  ctx: Ctx,
  layerId: number,
  bounds: { since: Date | null; until: Date | null },
): Promise<NativeAnnotationData> {
  const rows = await annotationsInRange(
    ctx.store.db,
    layerId,
    bounds.since?.toISOString() ?? null,
    bounds.until?.toISOString() ?? null,
  );
  return {
    columns: NATIVE_COLUMNS,
    records: rows.map((row) => ({
      start_dttm: Date.parse(row.start_dttm),
      end_dttm: Date.parse(row.end_dttm),
      short_descr: row.short_descr,
      long_descr: row.long_descr,
      json_metadata: row.json_metadata,
    })),
  };
}
