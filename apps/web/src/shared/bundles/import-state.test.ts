import type { SupersetError } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../api/api-request';
import { readImportRefusal, type ImportRefusal } from './import-refusal';
import {
  OVERWRITE_CONFIRMATION,
  canImport,
  importReducer,
  initialImportState,
  overwrites,
  passwordsToSend,
  type ImportAction,
  type ImportState,
} from './import-state';

/** The 422 the server sends for a refused bundle: one SIP-40 error whose extra names each file. */
function refusal422(extra: Record<string, unknown>): ApiError {
  const error: SupersetError = {
    message: 'Error importing dashboard',
    error_type: 'GENERIC_COMMAND_ERROR',
    level: 'warning',
    extra: { ...extra, issue_codes: [{ code: 1010, message: 'Issue 1010' }] },
  };
  return { error: 'Error importing dashboard', status: 422, errors: [error] };
}

const EXISTS = 'Dashboard already exists and `overwrite=true` was not passed';
const PASSWORD = 'Must provide a password for the database';

type State = ImportState<string>;
const run = (actions: ImportAction<string>[], from: State = initialImportState<string>()): State =>
  actions.reduce(importReducer<string>, from);
const refused = (refusal: ImportRefusal): ImportAction<string> => ({ type: 'refused', refusal });

describe('readImportRefusal', () => {
  it('sorts existing objects, needed passwords and other problems per file', () => {
    const read = readImportRefusal(
      refusal422({
        'dashboards/Sales_1.yaml': EXISTS,
        'databases/warehouse.yaml': { _schema: [PASSWORD] },
        'charts/Orders_4.yaml': { viz_type: ['Not a known chart type.'], _schema: ['Bad file.'] },
      }),
    );
    expect(read.existing).toEqual(['dashboards/Sales_1.yaml']);
    expect(read.passwordsNeeded).toEqual(['databases/warehouse.yaml']);
    expect(read.problems).toEqual([
      { file: 'charts/Orders_4.yaml', messages: ['viz_type: Not a known chart type.', 'Bad file.'] },
    ]);
    expect(read.summary).toBe('Error importing dashboard');
  });

  it('keeps a file that also has other problems among the problems', () => {
    const read = readImportRefusal(
      refusal422({ 'databases/x.yaml': { _schema: [PASSWORD], database_name: ['Too long.'] } }),
    );
    expect(read.passwordsNeeded).toEqual(['databases/x.yaml']);
    expect(read.problems).toEqual([{ file: 'databases/x.yaml', messages: ['database_name: Too long.'] }]);
  });

  it('reads field errors of a {message: {field: [...]}} body and plain failures', () => {
    const fieldRefusal = readImportRefusal({
      error: 'SSH tunnels are not supported by Tessera.',
      status: 422,
      fieldErrors: { ssh_tunnel_passwords: ['SSH tunnels are not supported by Tessera.'] },
    });
    expect(fieldRefusal.problems).toEqual([
      { file: 'ssh_tunnel_passwords', messages: ['SSH tunnels are not supported by Tessera.'] },
    ]);
    const network = readImportRefusal({ error: 'Network error' });
    expect(network).toEqual({ existing: [], passwordsNeeded: [], problems: [], summary: 'Network error' });
  });
});

describe('importReducer', () => {
  it('offers import once a file is chosen and not while uploading', () => {
    expect(canImport(initialImportState<string>())).toBe(false);
    const chosen = run([{ type: 'fileChosen', file: 'bundle.zip' }]);
    expect(canImport(chosen)).toBe(true);
    expect(overwrites(chosen)).toBe(false);
    expect(canImport(run([{ type: 'uploadStarted' }], chosen))).toBe(false);
  });

  it('asks to type OVERWRITE after the server names existing objects, then retries with overwrite', () => {
    const asked = run([
      { type: 'fileChosen', file: 'bundle.zip' },
      { type: 'uploadStarted' },
      refused(readImportRefusal(refusal422({ 'dashboards/Sales_1.yaml': EXISTS }))),
    ]);
    expect(asked.uploading).toBe(false);
    expect(overwrites(asked)).toBe(true);
    expect(asked.error).toBeNull();
    expect(canImport(asked)).toBe(false);
    expect(canImport(run([{ type: 'confirmationTyped', text: 'overwrite' }], asked))).toBe(false);
    expect(canImport(run([{ type: 'confirmationTyped', text: OVERWRITE_CONFIRMATION }], asked))).toBe(true);
  });

  it('keeps overwriting when the overwrite retry is refused for passwords, and sends only asked passwords', () => {
    const state = run([
      { type: 'fileChosen', file: 'bundle.zip' },
      refused(readImportRefusal(refusal422({ 'dashboards/Sales_1.yaml': EXISTS }))),
      { type: 'confirmationTyped', text: OVERWRITE_CONFIRMATION },
      { type: 'uploadStarted' },
      refused(readImportRefusal(refusal422({ 'databases/warehouse.yaml': { _schema: [PASSWORD] } }))),
    ]);
    expect(overwrites(state)).toBe(true);
    expect(state.passwordsNeeded).toEqual(['databases/warehouse.yaml']);
    expect(canImport(state)).toBe(false);
    const typed = run(
      [{ type: 'passwordTyped', file: 'databases/warehouse.yaml', password: 's3cret' }],
      state,
    );
    expect(canImport(typed)).toBe(true);
    expect(
      passwordsToSend(run([{ type: 'passwordTyped', file: 'other.yaml', password: 'x' }], typed)),
    ).toEqual({
      'databases/warehouse.yaml': 's3cret',
    });
  });

  it('shows the sentence and the per-file problems the dialog cannot act on', () => {
    const state = run([
      { type: 'fileChosen', file: 'bundle.zip' },
      refused(
        readImportRefusal(
          refusal422({ 'dashboards/Sales_1.yaml': EXISTS, 'charts/c.yaml': { viz_type: ['Unknown.'] } }),
        ),
      ),
    ]);
    expect(state.error).toBe('Error importing dashboard');
    expect(state.problems).toEqual([{ file: 'charts/c.yaml', messages: ['viz_type: Unknown.'] }]);
    expect(overwrites(state)).toBe(true);
    const network = run([refused(readImportRefusal({ error: 'Network error' }))], state);
    expect(network.error).toBe('Network error');
    expect(network.problems).toEqual([]);
  });

  it('forgets what the server said about the last bundle when another file is chosen', () => {
    const state = run([
      { type: 'fileChosen', file: 'a.zip' },
      refused(
        readImportRefusal(refusal422({ 'dashboards/Sales_1.yaml': EXISTS, 'databases/d.yaml': PASSWORD })),
      ),
      { type: 'fileChosen', file: 'b.zip' },
    ]);
    expect(state).toEqual({ ...initialImportState<string>(), file: 'b.zip' });
    expect(run([{ type: 'fileRemoved' }], state).file).toBeNull();
  });
});
