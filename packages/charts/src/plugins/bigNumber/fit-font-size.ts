/**
 * The number's font size: the share of the height the control asks for, but never wider than the chart.
 * A figure's width is estimated from its length (digits and separators are about 0.6 em in the UI fonts),
 * which keeps '74.8k' whole in a narrow dashboard column without measuring the DOM.
 */
const EM_PER_CHARACTER = 0.6;
const WIDTH_SHARE = 0.9;

export function fitFontSize(text: string, width: number, heightBasedSize: number, minimum = 12): number {
  const characters = Math.max(1, text.length);
  const widthBasedSize = (width * WIDTH_SHARE) / (characters * EM_PER_CHARACTER);
  return Math.max(minimum, Math.min(heightBasedSize, widthBasedSize));
}
