import { isRecord } from '@tessera/contracts';
import type { ApiError } from '../api/api-request';

/** The server's words for an object of the imported type that exists (bundle-import's `alreadyExists`). */
const EXISTS_SUFFIX = 'already exists and `overwrite=true` was not passed';
/** The server's words for a database file whose password the bundle masks. */
const PASSWORD_NEEDED = 'Must provide a password for the database';

/** What the server found wrong with one file of the bundle (or one form field). */
export interface ImportProblem {
  file: string;
  messages: string[];
}

/** A refused import, read for what the user can do about it. */
export interface ImportRefusal {
  /** Files of objects that exist already: a retry with overwrite replaces them. */
  existing: string[];
  /** Database files whose password must be given. */
  passwordsNeeded: string[];
  /** Everything else the server named, per file. */
  problems: ImportProblem[];
  /** The server's sentence ('Error importing dashboard', 'Network error' …). */
  summary: string;
}

/** One file's entry of the 422's extra: a message, or messages per field (`_schema` for the file itself). */
function messagesOf(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  if (!isRecord(entry)) return [];
  return Object.entries(entry).flatMap(([field, value]) => {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    return items
      .filter((item): item is string => typeof item === 'string')
      .map((message) => (field === '_schema' ? message : `${field}: ${message}`));
  });
}

/** The files the error names with their messages: SIP-40 extras, then `{message: {field: [...]}}` bodies. */
function namedProblems(error: ApiError): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const item of error.errors ?? []) {
    for (const [file, entry] of Object.entries(item.extra ?? {})) {
      if (file === 'issue_codes') continue;
      const messages = messagesOf(entry);
      if (messages.length > 0) problems.push({ file, messages });
    }
  }
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {}))
    problems.push({ file: field, messages });
  return problems;
}

/**
 * Sorts a refused import into the three things the import dialog does about it: ask to overwrite what
 * exists, ask for the passwords of database files, or list the remaining problems per file.
 */
export function readImportRefusal(error: ApiError): ImportRefusal {
  const existing: string[] = [];
  const passwordsNeeded: string[] = [];
  const problems: ImportProblem[] = [];
  for (const problem of namedProblems(error)) {
    const rest: string[] = [];
    for (const message of problem.messages) {
      if (message.endsWith(EXISTS_SUFFIX)) existing.push(problem.file);
      else if (message === PASSWORD_NEEDED) passwordsNeeded.push(problem.file);
      else rest.push(message);
    }
    if (rest.length > 0) problems.push({ file: problem.file, messages: rest });
  }
  return {
    existing: [...new Set(existing)],
    passwordsNeeded: [...new Set(passwordsNeeded)],
    problems,
    summary: error.error,
  };
}
