/**
 * jsdom has no layout, and its Range lacks the geometry CodeMirror measures with. Empty rectangles
 * are enough for the editor to run in component tests.
 */
export function installCodeMirrorShims(): void {
  const empty = (): DOMRect => new DOMRect(0, 0, 0, 0);
  const emptyList = (): DOMRectList => {
    const list: DOMRect[] = [];
    return Object.assign(list, { item: () => null });
  };
  if (typeof Range.prototype.getClientRects !== 'function') Range.prototype.getClientRects = emptyList;
  if (typeof Range.prototype.getBoundingClientRect !== 'function')
    Range.prototype.getBoundingClientRect = empty;
}
