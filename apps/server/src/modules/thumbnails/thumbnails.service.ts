import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { chartDigest, dashboardDigest } from '../../platform/object-digest';
import { visibleChart } from '../charts/chart-access';
import { visibleDashboard } from '../dashboards/dashboard-access';
import { processRenderer } from '../screenshots';
import type { Principal } from '../security/principal';
import { ScreenshotStore } from './screenshot-store';

export type ShotKind = 'dashboard' | 'chart';
/** A thumbnail is the list cards' picture; a screenshot the full-size download. */
export type ShotSize = 'thumbnail' | 'screenshot';

/** Pictures kept per process; a dashboard screenshot is a few hundred kB. */
const STORE_CAPACITY = 200;
/** Thumbnails are drawn at the narrowest width the renderer takes; screenshots at its default. */
const THUMBNAIL_WIDTH = 600;

const stores = new WeakMap<AppContext, ScreenshotStore>();
function storeOf(ctx: AppContext): ScreenshotStore {
  let store = stores.get(ctx);
  if (store === undefined) {
    store = new ScreenshotStore(STORE_CAPACITY);
    stores.set(ctx, store);
  }
  return store;
}

/** THUMBNAILS (off by default, as in Superset): every route answers 404 without it. */
export function thumbnailsEnabled(ctx: AppContext): boolean {
  return ctx.config.featureFlags.THUMBNAILS;
}

interface ShotTarget {
  kind: ShotKind;
  id: number;
  /** What the picture shows now: the URL's digest must be this one. */
  digest: string;
}

/** The object as the caller may read it (404 when unknown or not theirs to see) and its digest. */
export async function shotTarget(
  ctx: AppContext,
  principal: Principal,
  kind: ShotKind,
  ref: string,
): Promise<ShotTarget> {
  if (!/^\d{1,15}$/.test(ref)) throw notFound();
  if (kind === 'dashboard') {
    const row = await visibleDashboard(ctx, principal, ref);
    return {
      kind,
      id: row.id,
      digest: dashboardDigest(row),
    };
  }
  const row = await visibleChart(ctx, principal, Number(ref));
  return {
    kind,
    id: row.id,
    digest: chartDigest(row),
  };
}

export function shotPath(target: ShotTarget, size: ShotSize): string {
  return `/api/v1/${target.kind}/${String(target.id)}/${size}/${target.digest}/`;
}

/**
 * Pictures are per viewer: each is rendered as the caller, so it shows only what they may see, and is
 * never handed to another user.
 */
function keyOf(target: ShotTarget, size: ShotSize, principal: Principal): string {
  return `${target.kind}:${String(target.id)}:${target.digest}:${size}:${String(principal.user.id)}`;
}

export type ShotState = { state: 'ready'; png: Buffer } | { state: 'rendering' } | { state: 'absent' };

export function shotState(
  target: ShotTarget,
  size: ShotSize,
  principal: Principal,
  ctx: AppContext,
): ShotState {
  return storeOf(ctx).get(keyOf(target, size, principal)) ?? { state: 'absent' };
}

/** Starts the render through the process's renderer (its pool's caps), unless running or done. */
export function startShot(
  ctx: AppContext,
  principal: Principal,
  target: ShotTarget,
  size: ShotSize,
  force = false,
): void {
  const renderer = processRenderer(ctx);
  const width = size === 'thumbnail' ? THUMBNAIL_WIDTH : null;
  const userId = principal.user.id;
  const render = (): Promise<Buffer> =>
    target.kind === 'chart'
      ? renderer.renderChartPng({ userId, chartId: target.id, width })
      : // Full height, the active tabs as the screen opens them; a thumbnail at the narrow width.
        renderer.renderDashboardPng({ userId, dashboard: target.id, width });
  storeOf(ctx).start(
    keyOf(target, size, principal),
    render,
    (error) => {
      ctx.log.warn({ err: error, kind: target.kind, id: target.id }, 'screenshot failed');
    },
    force,
  );
}
