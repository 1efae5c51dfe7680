import type {
  CTAS_METHODS,
  LimitingFactor,
  QueryDict,
  QueryState,
  ResultColumn as ContractResultColumn,
  SupersetError,
  TableMetadataResponse,
} from '@tessera/contracts';

export type { LimitingFactor } from '@tessera/contracts';

/** One editor tab of SQL Lab (spec 000 §3 "Query editor"). */
export interface QueryEditor {
  /** Client id; for a tab created on (or migrated to) the server it equals the server tab id. */
  id: string;
  /** Id of the saved query this tab was saved as, if any. */
  remoteId: number | null;
  name: string;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  selectedText: string | null;
  /** JSON text of the Jinja template parameters. */
  templateParams: string | null;
  autorun: boolean;
  queryLimit: number;
  maxRow: number | null;
  latestQueryId: string | null;
  /** False for a server tab known only by id and label until its state is fetched. */
  loaded: boolean;
  /** True while the tab exists only in this browser (not yet on the server). */
  inLocalStorage: boolean;
  hideLeftBar: boolean;
  cursorPosition: CursorPosition;
  updatedAt: number;
  version: 1;
  northPercent: number;
  southPercent: number;
  /** Server tab id once the tab is known to the server. */
  tabViewId?: string;
  /**
   * The id a tab had before it moved to its server id: screens key their components with
   * `immutableId ?? id`, so a migration does not remount an open editor or menu.
   */
  immutableId?: string;
}

export interface CursorPosition {
  row: number;
  column: number;
}

/** Fields of a tab the user (or the run loop) may change. */
export type EditorChanges = Partial<
  Pick<
    QueryEditor,
    | 'name'
    | 'dbId'
    | 'catalog'
    | 'schema'
    | 'sql'
    | 'selectedText'
    | 'templateParams'
    | 'autorun'
    | 'queryLimit'
    | 'maxRow'
    | 'latestQueryId'
    | 'hideLeftBar'
    | 'cursorPosition'
    | 'northPercent'
    | 'southPercent'
  >
>;

/**
 * Pending edits of the active tab. Empty (`{}`) when nothing is pending; otherwise `id` names the
 * tab the edits belong to.
 */
export type UnsavedQueryEditor = EditorChanges & { id?: string; updatedAt?: number };

export type CtasMethod = (typeof CTAS_METHODS)[number];

/** A result column (reference §2.2). `name` may be missing from results kept in local storage. */
export type ResultColumn = Omit<ContractResultColumn, 'name'> & Partial<Pick<ContractResultColumn, 'name'>>;

export type ResultRow = Record<string, unknown>;

export interface QueryResults {
  /** Status the server reported with these results. */
  status: QueryState | null;
  data: ResultRow[];
  columns: ResultColumn[];
  selected_columns: ResultColumn[];
  expanded_columns: ResultColumn[];
  displayLimitReached: boolean;
}

/** What the state takes from the query report inside a result body. */
export type ResultQueryInfo = Pick<
  QueryDict,
  | 'rows'
  | 'limitingFactor'
  | 'tempSchema'
  | 'tempTable'
  | 'resultsKey'
  | 'executedSql'
  | 'startDttm'
  | 'endDttm'
>;

/**
 * A result body (sync execute or `GET /api/v1/sqllab/results/`, parsed by the contracts' schema)
 * in the form `querySuccess` takes it.
 */
export interface ResultsPayload {
  status: QueryState;
  data: ResultRow[];
  columns: ResultColumn[];
  selected_columns: ResultColumn[];
  expanded_columns: ResultColumn[];
  displayLimitReached?: boolean;
  query: ResultQueryInfo;
}

/** A query run from SQL Lab as the client keeps it (spec 000 §3 "Query"). */
export interface Query {
  /** Client-generated id (11 characters). */
  id: string;
  dbId: number;
  sql: string;
  executedSql: string | null;
  sqlEditorId: string | null;
  /** Label of the tab that ran it. */
  tab: string | null;
  catalog: string | null;
  schema: string | null;
  runAsync: boolean;
  ctas: boolean;
  ctas_method: CtasMethod | null;
  tempTable: string | null;
  tempSchema: string | null;
  templateParams: string | null;
  queryLimit: number | null;
  limitingFactor: LimitingFactor | null;
  progress: number;
  /** Epoch milliseconds. */
  startDttm: number;
  endDttm: number | null;
  state: QueryState;
  rows: number | null;
  results: QueryResults | null;
  resultsKey: string | null;
  cached: boolean;
  isDataPreview: boolean;
  errors: SupersetError[] | null;
  errorMessage: string | null;
  link: string | null;
  trackingUrl: string | null;
  changed_on: string | null;
  extra: Record<string, unknown>;
}

export type TableColumn = TableMetadataResponse['columns'][number];
export type TableKey = TableMetadataResponse['foreignKeys'][number];

/** A table schema panel in the left bar (spec 000 §3 "Table schema panel"). */
export interface Table {
  id: string;
  dbId: number;
  queryEditorId: string;
  catalog: string | null;
  schema: string | null;
  name: string;
  expanded: boolean;
  dataPreviewQueryId: string | null;
  columns: TableColumn[];
  selectStar: string | null;
  primaryKey: TableMetadataResponse['primaryKey'] | null;
  foreignKeys: TableKey[];
  indexes: TableKey[];
  /** True once the panel's metadata has been fetched (or it came from the server). */
  initialized: boolean;
  persistData: boolean;
  inLocalStorage: boolean;
}

/** Cost estimate of an editor's SQL; the engine decides the cost object's keys. */
export interface CostEstimate {
  completed: boolean;
  cost: Record<string, unknown>[] | null;
  error: string | null;
}
