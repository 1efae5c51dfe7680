import type { AppContext } from '../../context';
import { createRenderer, type Renderer } from './renderer';

/**
 * One renderer (one browser pool: one concurrency cap, one memory cap) per process context, shared by
 * report runs and dashboard/chart screenshots. Launched on first use; closed with the process.
 */
const renderers = new WeakMap<AppContext, Renderer>();

export function processRenderer(ctx: AppContext): Renderer {
  let renderer = renderers.get(ctx);
  if (renderer === undefined) {
    renderer = createRenderer({
      config: ctx.config,
      db: ctx.store.db,
      log: (message, fields) => ctx.log.info(fields, message),
    });
    renderers.set(ctx, renderer);
  }
  return renderer;
}

/** Closes the context's renderer if one was started; a later use starts a new one. */
export async function closeProcessRenderer(ctx: AppContext): Promise<void> {
  const renderer = renderers.get(ctx);
  renderers.delete(ctx);
  await renderer?.close();
}
