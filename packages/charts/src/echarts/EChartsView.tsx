import { useEffect, useMemo, useRef } from 'react';
import { init, use, type ECElementEvent, type EChartsType } from 'echarts/core';
import { AriaComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { useRenderAttempt } from '../renderer/paint-signal';
import { drawnLabelColors } from './drawn-colors';

use([CanvasRenderer, AriaComponent]);

export interface EChartsViewProps {
  option: EChartsOption;
  width: number;
  height: number;
  onClick?: (event: ECElementEvent) => void;
  /** A right click on a drawn item (a bar, a slice): the host's context menu for that data point. */
  onContextMenu?: (event: ECElementEvent) => void;
}

/**
 * Hosts one echarts instance on echarts/core. Plugins register the chart types and components they use
 * (`use([...])`) in their own chunk before rendering this, so each chunk pulls only what it draws.
 */
export default function EChartsView({ option, width, height, onClick, onContextMenu }: EChartsViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const clickHandler = useRef(onClick);
  clickHandler.current = onClick;
  const contextMenuHandler = useRef(onContextMenu);
  contextMenuHandler.current = onContextMenu;
  const attempt = useRenderAttempt();
  /** Releases the render attempt once echarts reports the frame with this option drawn. */
  const releaseOnFinished = useRef<(() => void) | null>(null);

  // The size the instance starts with; later sizes go through resize() below.
  const initialSize = useRef({ width, height });
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    // Given the size, echarts does not read it back from the DOM (getComputedStyle): on a dashboard
    // each such read forced a layout of the page between one chart's drawing and the next.
    const instance = init(element, null, { renderer: 'canvas', ...initialSize.current });
    chart.current = instance;
    instance.on('click', (event) => {
      clickHandler.current?.(event);
    });
    instance.on('contextmenu', (event) => {
      contextMenuHandler.current?.(event);
    });
    // 'finished' fires after a frame is drawn with no animation left: the canvas shows the option.
    instance.on('finished', () => {
      const release = releaseOnFinished.current;
      releaseOnFinished.current = null;
      release?.();
    });
    return () => {
      releaseOnFinished.current = null;
      chart.current = null;
      instance.dispose();
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    if (attempt) releaseOnFinished.current = attempt.hold();
    try {
      // A canvas says nothing to screen readers (or tests): aria describes the series by their shown names.
      instance.setOption({ aria: { enabled: true }, ...option }, { notMerge: true, lazyUpdate: false });
    } catch (caught) {
      releaseOnFinished.current = null;
      attempt?.fail(caught instanceof Error ? caught : new Error(String(caught)));
    }
  }, [option, attempt]);

  useEffect(() => {
    chart.current?.resize({ width, height });
  }, [width, height]);

  const labelColors = useMemo(() => JSON.stringify(drawnLabelColors(option)), [option]);
  return (
    <div ref={container} style={{ width, height }} data-test="echarts" data-label-colors={labelColors} />
  );
}
