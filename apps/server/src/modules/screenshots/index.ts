export { BrowserPool, type BrowserPoolOptions, type PoolStats } from './browser-pool';
export { RenderError, type RenderFailure } from './render-error';
export {
  clampWidth,
  createRenderer,
  DEFAULT_RENDER_WIDTH,
  MAX_RENDER_WIDTH,
  MIN_RENDER_WIDTH,
  renderBaseUrl,
  Renderer,
  type ChartRender,
  type DashboardRender,
  type RenderUser,
} from './renderer';
export { closeProcessRenderer, processRenderer } from './process-renderer';
