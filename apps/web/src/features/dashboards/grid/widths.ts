import { GRID_COLUMN_COUNT, GRID_GUTTER_SIZE } from '@tessera/contracts';

/**
 * CSS width of `columns` grid columns in a row: a twelfth of the row minus its gutters per column, plus
 * the gutters the component spans.
 */
export function columnsWidth(columns: number): string {
  const span = Math.min(Math.max(columns, 1), GRID_COLUMN_COUNT);
  const gutters = (GRID_COLUMN_COUNT - 1) * GRID_GUTTER_SIZE;
  return `calc((100% - ${String(gutters)}px) * ${String(span)} / ${String(GRID_COLUMN_COUNT)} + ${String((span - 1) * GRID_GUTTER_SIZE)}px)`;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** meta.width, defaulting like the editor does. */
export function metaWidth(meta: Record<string, unknown> | undefined, fallback: number): number {
  return numberOr(meta?.width, fallback);
}

export function metaHeight(meta: Record<string, unknown> | undefined, fallback: number): number {
  return numberOr(meta?.height, fallback);
}

export function metaText(meta: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = meta?.[key];
  return typeof value === 'string' ? value : undefined;
}
