import type {
  Completion,
  CompletionContext,
  CompletionResult,
  CompletionSource,
} from '@codemirror/autocomplete';
import type { SQLNamespace } from '@codemirror/lang-sql';

/** What the editor can complete besides keywords (from the metadata endpoints). */
export interface CompletionData {
  schemas: readonly string[];
  /** The tab's schema; its tables complete without a schema prefix. */
  schema: string | null;
  /** Tables of the tab's schema. */
  tables: readonly string[];
  /** Columns of the tables whose metadata is known (panels in the left bar, tables named in the SQL). */
  columns: Readonly<Record<string, readonly ColumnInfo[]>>;
  functions: readonly string[];
}

export interface ColumnInfo {
  name: string;
  type: string;
}

export const EMPTY_COMPLETION: CompletionData = {
  schemas: [],
  schema: null,
  tables: [],
  columns: {},
  functions: [],
};

function columnOptions(columns: readonly ColumnInfo[], table: string): Completion[] {
  return columns.map((column) => ({
    label: column.name,
    type: 'property',
    detail: `${table} · ${column.type}`,
  }));
}

/**
 * The namespace lang-sql completes from: `schema.table.column`, with the tab's schema's tables (and
 * their known columns) also completing on their own.
 */
export function sqlNamespace(data: CompletionData): SQLNamespace {
  const namespace: Record<string, SQLNamespace> = {};
  for (const schema of data.schemas) namespace[schema] = {};
  if (data.schema !== null) {
    const tables: Record<string, SQLNamespace> = {};
    for (const table of data.tables) {
      tables[table] = {
        self: { label: table, type: 'type', detail: 'table' },
        children: columnOptions(data.columns[table] ?? [], table),
      };
    }
    namespace[data.schema] = tables;
  }
  return namespace;
}

/** Top-level options lang-sql does not give: every known column and the database's functions. */
export function topLevelOptions(data: CompletionData): Completion[] {
  const options: Completion[] = [];
  const seen = new Set<string>();
  for (const [table, columns] of Object.entries(data.columns)) {
    for (const column of columns) {
      if (seen.has(column.name)) continue;
      seen.add(column.name);
      options.push({ label: column.name, type: 'property', detail: `${table} · ${column.type}`, boost: 1 });
    }
  }
  for (const name of data.functions) {
    options.push({ label: name, type: 'function', detail: 'function', boost: -1 });
  }
  return options;
}

/** Completes columns and functions at the start of a word (not after a dot: lang-sql handles that). */
export function topLevelSource(options: readonly Completion[]): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    if (options.length === 0) return null;
    const word = context.matchBefore(/\w+/);
    if (word === null && !context.explicit) return null;
    const from = word?.from ?? context.pos;
    if (context.state.sliceDoc(from - 1, from) === '.') return null;
    return { from, options, validFor: /^\w*$/ };
  };
}
