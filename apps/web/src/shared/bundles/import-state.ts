import type { ImportProblem, ImportRefusal } from './import-refusal';

/** The word the user types to confirm replacing existing objects. */
export const OVERWRITE_CONFIRMATION = 'OVERWRITE';

/**
 * The import dialog's state. `File` is a type parameter so the rules can be tested without a browser.
 * The flow is Superset's: try without overwrite; when the server names files that exist, ask the
 * user to type OVERWRITE and retry with overwrite; when it names database files with masked
 * passwords, ask for them; anything else is listed per file.
 */
export interface ImportState<F> {
  file: F | null;
  uploading: boolean;
  /** Files of existing objects the last answer named; non-empty means the next try overwrites. */
  existing: string[];
  confirmation: string;
  passwordsNeeded: string[];
  passwords: Record<string, string>;
  problems: ImportProblem[];
  /** The last refusal's sentence, shown when it named nothing the dialog can act on. */
  error: string | null;
}

export type ImportAction<F> =
  | { type: 'fileChosen'; file: F }
  | { type: 'fileRemoved' }
  | { type: 'confirmationTyped'; text: string }
  | { type: 'passwordTyped'; file: string; password: string }
  | { type: 'uploadStarted' }
  | { type: 'refused'; refusal: ImportRefusal };

export function initialImportState<F>(): ImportState<F> {
  return {
    file: null,
    uploading: false,
    existing: [],
    confirmation: '',
    passwordsNeeded: [],
    passwords: {},
    problems: [],
    error: null,
  };
}

export function importReducer<F>(state: ImportState<F>, action: ImportAction<F>): ImportState<F> {
  switch (action.type) {
    case 'fileChosen':
      // Another bundle: what the server said about the last one no longer holds.
      return { ...initialImportState<F>(), file: action.file };
    case 'fileRemoved':
      return initialImportState<F>();
    case 'confirmationTyped':
      return { ...state, confirmation: action.text };
    case 'passwordTyped':
      return { ...state, passwords: { ...state.passwords, [action.file]: action.password } };
    case 'uploadStarted':
      return { ...state, uploading: true, problems: [], error: null };
    case 'refused': {
      const { refusal } = action;
      // A retry with overwrite is not told again what exists: keep asking to overwrite it.
      const existing = refusal.existing.length > 0 ? refusal.existing : state.existing;
      const passwordsNeeded = [...new Set([...state.passwordsNeeded, ...refusal.passwordsNeeded])];
      const actionable =
        refusal.problems.length === 0 && (refusal.existing.length > 0 || refusal.passwordsNeeded.length > 0);
      return {
        ...state,
        uploading: false,
        existing,
        passwordsNeeded,
        problems: refusal.problems,
        error: actionable ? null : refusal.summary,
      };
    }
  }
}

/** Whether the next upload replaces existing objects. */
export function overwrites<F>(state: ImportState<F>): boolean {
  return state.existing.length > 0;
}

/** Import is offered once a file is chosen, every asked password typed and any overwrite confirmed. */
export function canImport<F>(state: ImportState<F>): boolean {
  if (state.file === null || state.uploading) return false;
  if (state.passwordsNeeded.some((file) => (state.passwords[file] ?? '') === '')) return false;
  return !overwrites(state) || state.confirmation === OVERWRITE_CONFIRMATION;
}

/** The passwords to send: only those asked for, so a stale entry never reaches the server. */
export function passwordsToSend<F>(state: ImportState<F>): Record<string, string> {
  return Object.fromEntries(state.passwordsNeeded.map((file) => [file, state.passwords[file] ?? '']));
}
