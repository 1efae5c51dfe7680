import { appConstantsSchema } from '@tessera/contracts';
import { DEFAULT_EDITOR_NAME, EDITOR_STATE_VERSION } from './persistence-constants';
import type { QueryEditor } from './types';

/** What a new tab takes from configuration (spec 000 §5 and §9). */
export interface EditorDefaults {
  queryLimit: number;
  dbId: number | null;
}

const NUMBERED_TITLE = /^Untitled Query (\d+)$/;

/** 'Untitled Query N', N one more than the highest number already used in such a title. */
export function newEditorTitle(names: readonly string[]): string {
  let highest = 0;
  for (const name of names) {
    const match = NUMBERED_TITLE.exec(name);
    if (match?.[1] !== undefined) highest = Math.max(highest, Number(match[1]));
  }
  return `Untitled Query ${highest + 1}`;
}

/**
 * A title no open tab has: the name itself when free; otherwise the next 'Untitled Query N' for an
 * untitled name, and '<name> (2)', '(3)', … for others (a saved query, history or a link opened twice).
 */
export function uniqueEditorTitle(name: string, names: readonly string[]): string {
  const taken = new Set(names);
  if (!taken.has(name)) return name;
  if (NUMBERED_TITLE.test(name)) return newEditorTitle(names);
  let copy = 2;
  while (taken.has(`${name} (${String(copy)})`)) copy += 1;
  return `${name} (${String(copy)})`;
}

const limitSchema = appConstantsSchema.shape.DEFAULT_SQLLAB_LIMIT;
const defaultDbSchema = appConstantsSchema.shape.SQLLAB_DEFAULT_DBID;

/**
 * Reads DEFAULT_SQLLAB_LIMIT and SQLLAB_DEFAULT_DBID from the bootstrap `conf`; without a configured
 * database the lowest database id is the default. Bad values fall back to the contract defaults.
 */
export function editorDefaultsFromConf(
  conf: Readonly<Record<string, unknown>>,
  databaseIds: readonly number[],
): EditorDefaults {
  const limit = limitSchema.safeParse(conf.DEFAULT_SQLLAB_LIMIT);
  const configuredDb = defaultDbSchema.safeParse(conf.SQLLAB_DEFAULT_DBID);
  const lowest = databaseIds.length > 0 ? Math.min(...databaseIds) : null;
  return {
    queryLimit: limit.success ? limit.data : limitSchema.parse(undefined),
    dbId: configuredDb.success && configuredDb.data !== null ? configuredDb.data : lowest,
  };
}

export const NEW_EDITOR_SQL = 'SELECT ...';
/** Shown above the template when tabs live only in this browser (the spec leaves the wording open). */
export const NOT_PERSISTED_NOTE =
  '-- Note: this tab is kept only in this browser. Save your query to keep it when browser data is cleared.\n\n';

export function newEditorSql(backendPersistence: boolean): string {
  return backendPersistence ? NEW_EDITOR_SQL : `${NOT_PERSISTED_NOTE}${NEW_EDITOR_SQL}`;
}

export const INITIAL_NORTH_PERCENT = 30;
export const INITIAL_SOUTH_PERCENT = 70;

/** A complete tab from the fields given; everything else takes its empty default. */
export function createQueryEditor(fields: Partial<QueryEditor> & { id: string }, now: number): QueryEditor {
  return {
    remoteId: null,
    name: DEFAULT_EDITOR_NAME,
    dbId: null,
    catalog: null,
    schema: null,
    sql: '',
    selectedText: null,
    templateParams: null,
    autorun: false,
    queryLimit: limitSchema.parse(undefined),
    maxRow: null,
    latestQueryId: null,
    loaded: true,
    inLocalStorage: true,
    hideLeftBar: false,
    cursorPosition: { row: 0, column: 0 },
    updatedAt: now,
    northPercent: INITIAL_NORTH_PERCENT,
    southPercent: INITIAL_SOUTH_PERCENT,
    ...fields,
    version: EDITOR_STATE_VERSION,
  };
}
