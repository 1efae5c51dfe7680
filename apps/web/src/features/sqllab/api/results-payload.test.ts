import { describe, expect, it } from 'vitest';
import { makeQueryDict } from '../state/test-fixtures';
import { resultBodySchema, toExecuteOutcome, toResultsPayload } from './results-payload';

const column = { column_name: 'n', name: 'n', type: 'INTEGER', type_generic: 0, is_dttm: false };

function body(query = makeQueryDict({ id: 'q', state: 'success' })) {
  return resultBodySchema.parse({
    query_id: 7,
    status: 'success',
    data: [{ n: 1 }],
    columns: [column],
    selected_columns: [column],
    expanded_columns: [],
    query,
  });
}

describe('toResultsPayload', () => {
  it("keeps the columns and the query's report, the server's start and end included", () => {
    const report = makeQueryDict({
      id: 'q',
      state: 'success',
      rows: 1,
      limitingFactor: 'DROPDOWN',
      resultsKey: 'k',
      startDttm: 1_700_000_000_000,
      endDttm: 1_700_000_000_010,
    });
    const payload = toResultsPayload(body(report));
    expect(payload.columns).toEqual([column]);
    expect(payload.selected_columns).toEqual([column]);
    expect(payload.query).toEqual({
      rows: 1,
      limitingFactor: 'DROPDOWN',
      tempSchema: null,
      tempTable: null,
      resultsKey: 'k',
      executedSql: null,
      startDttm: 1_700_000_000_000,
      endDttm: 1_700_000_000_010,
    });
    expect('displayLimitReached' in payload).toBe(false);
  });

  it('tells a result from an accepted async run', () => {
    expect(toExecuteOutcome(body()).kind).toBe('result');
    const accepted = toExecuteOutcome({ query: makeQueryDict({ id: 'q', state: 'pending' }) });
    expect(accepted).toMatchObject({ kind: 'accepted', query: { id: 'q', state: 'pending' } });
  });

  it('rejects a body whose query report is incomplete', () => {
    const { query, ...rest } = body();
    expect(resultBodySchema.safeParse({ ...rest, query: { id: query.id, state: 'success' } }).success).toBe(
      false,
    );
  });
});
