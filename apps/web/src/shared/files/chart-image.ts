import { saveBlob } from '../api/download-file';
import { downloadFileName } from './download-names';

/** Height of the band above the chart that carries its title in an image download (CSS pixels). */
export const IMAGE_TITLE_BAND = 40;
const IMAGE_TITLE_PADDING = 12;

export interface ImageStyle {
  background: string;
  titleColor: string;
  fontFamily: string;
}

/** The title cut with an ellipsis to fit `maxWidth` in the context's current font. */
function fittedTitle(context: CanvasRenderingContext2D, title: string, maxWidth: number): string {
  if (context.measureText(title).width <= maxWidth) return title;
  let end = title.length;
  while (end > 0 && context.measureText(`${title.slice(0, end)}…`).width > maxWidth) end -= 1;
  return `${title.slice(0, end)}…`;
}

/**
 * A PNG of the rendered chart at the size it is drawn on screen, in device pixels, under a band with
 * the chart's title: ECharts canvases are copied onto one canvas at their position, over the page
 * background (tables and other DOM charts have no canvas: the caller reports that).
 */
export async function downloadImage(
  container: HTMLElement,
  title: string,
  name: string,
  style: ImageStyle,
): Promise<boolean> {
  // The chart holder is the echarts view: its box is the chart's rendered size.
  const holder = container.querySelector<HTMLElement>('[data-test="echarts"]') ?? container;
  const canvases = [...holder.querySelectorAll('canvas')];
  if (canvases.length === 0) return false;
  const box = holder.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  const output = document.createElement('canvas');
  output.width = Math.round(box.width * ratio);
  output.height = Math.round((box.height + IMAGE_TITLE_BAND) * ratio);
  const context = output.getContext('2d');
  if (context === null) return false;
  context.fillStyle = style.background;
  context.fillRect(0, 0, output.width, output.height);
  context.save();
  context.scale(ratio, ratio);
  context.fillStyle = style.titleColor;
  context.font = `600 16px ${style.fontFamily}`;
  context.textBaseline = 'middle';
  context.fillText(
    fittedTitle(context, title, box.width - 2 * IMAGE_TITLE_PADDING),
    IMAGE_TITLE_PADDING,
    IMAGE_TITLE_BAND / 2,
  );
  context.restore();
  for (const canvas of canvases) {
    const rect = canvas.getBoundingClientRect();
    context.drawImage(
      canvas,
      (rect.left - box.left) * ratio,
      (rect.top - box.top + IMAGE_TITLE_BAND) * ratio,
      rect.width * ratio,
      rect.height * ratio,
    );
  }
  const blob = await new Promise<Blob | null>((resolve) => {
    output.toBlob(resolve, 'image/png');
  });
  if (blob === null) return false;
  saveBlob(blob, downloadFileName(name, 'png'));
  return true;
}
