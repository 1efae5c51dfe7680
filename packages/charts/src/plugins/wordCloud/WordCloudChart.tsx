import { useEffect, useRef } from 'react';
import { layoutWords } from './layout';
import type { WordCloudProps } from './transformProps';

const FONT = 'Helvetica, Arial, sans-serif';

/** Lays the words out with the canvas' own text metrics and draws them. */
export default function WordCloudChart({ width, height, words, rotation }: WordCloudProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const measure = (text: string, size: number) => {
      context.font = `${String(size)}px ${FONT}`;
      return { width: context.measureText(text).width, height: size };
    };
    for (const word of layoutWords(words, width, height, measure, rotation)) {
      context.save();
      context.translate(word.x, word.y);
      if (word.rotate === 90) context.rotate(-Math.PI / 2);
      context.font = `${String(word.size)}px ${FONT}`;
      context.fillStyle = word.color;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(word.text, 0, 0);
      context.restore();
    }
  }, [width, height, words, rotation]);
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return (
    <canvas
      ref={canvas}
      width={width * ratio}
      height={height * ratio}
      style={{ width, height }}
      role="img"
      aria-label={words.map((word) => word.text).join(', ')}
    />
  );
}
