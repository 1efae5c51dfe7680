import { z } from 'zod';
import { defineOperation } from './define-operation';
import { flatName, isIndexColumn, levelsOf, valueColumns, type Frame, type Row } from './frame';
import { columnName } from './options';
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './post-processing-error';

export const renameOptions = z
  .object({
    columns: z.record(columnName, z.string().max(1000).nullable()),
    inplace: z.boolean().optional(),
    level: z.union([z.number().int(), z.string()]).nullable().optional(),
  })
  .loose();
export type RenameOptions = z.input<typeof renameOptions>;

/**
 * `rename`: `{old: new}` on column labels, at one `level` of a pivoted frame or on any label. Renaming a
 * label to null removes it from the flattened name — Superset's renameOperator does this to the metric
 * level when a chart has a single metric, so series are named by their dimension values alone.
 */
export const renameOperation = defineOperation('rename', renameOptions, (frame, options) => {
  const mapping = new Map(Object.entries(options.columns));
  if (mapping.size === 0) return frame;
  const levelNames = frame.levelNames ?? [];
  const level =
    typeof options.level === 'string' ? levelNames.indexOf(options.level) : (options.level ?? undefined);
  if (level !== undefined && level < 0)
    throw new PostProcessingError(`Invalid level: ${String(options.level)}`);
  // As Superset validates it: the names to rename are metric (level 0) labels, and renaming only onto
  // labels that already exist is refused.
  const labelsAt = (at: number): (string | null)[] =>
    valueColumns(frame).map((column) => levelsOf(frame, column)[at] ?? null);
  const topLabels = new Set(labelsAt(0));
  if ([...mapping.keys()].some((name) => !topLabels.has(name))) {
    throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  }
  const existing = new Set(labelsAt(level ?? 0));
  if ([...mapping.values()].every((name) => name !== null && existing.has(name))) {
    throw new PostProcessingError('Label already exists');
  }
  const levels: Record<string, (string | null)[]> = {};
  const renamed = new Map<string, string>();
  for (const column of frame.columns) {
    // pandas renames column labels, never the index.
    if (isIndexColumn(frame, column)) continue;
    const labels = levelsOf(frame, column);
    const next = labels.map((label, i) =>
      (level === undefined || level === i) && label !== null && mapping.has(label)
        ? (mapping.get(label) ?? null)
        : label,
    );
    // A single-level name cannot become null; it keeps its name.
    if (labels.length === 1 && next[0] === null) next[0] = labels[0] ?? null;
    if (frame.levels?.[column]) levels[flatName(next)] = next;
    renamed.set(column, flatName(next));
  }
  const rows = frame.rows.map((row) => {
    const out: Row = {};
    for (const column of frame.columns) out[renamed.get(column) ?? column] = row[column];
    return out;
  });
  const index = frame.index?.map((column) => renamed.get(column) ?? column);
  const temporal = frame.temporal?.map((column) => renamed.get(column) ?? column);
  const result: Frame = {
    ...frame,
    columns: [...new Set(frame.columns.map((c) => renamed.get(c) ?? c))],
    rows,
  };
  if (frame.levels) result.levels = levels;
  if (index) result.index = index;
  if (temporal) result.temporal = temporal;
  return result;
});

export const rename = (frame: Frame, options: RenameOptions): Frame => renameOperation.apply(frame, options);
