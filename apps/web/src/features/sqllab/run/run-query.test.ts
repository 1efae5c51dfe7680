import { buildSupersetError, SESSION_TIMED_OUT_MESSAGE } from '@tessera/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { jsonResponse, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../../test/dom-test';
import { createQuery, startQuery } from '../state';
import { makeQueryDict } from '../state/test-fixtures';
import { sqlLabState } from '../store/sqllab-store';
import { fetchQueryResults, RESULTS_FAILED_MESSAGE, runQuery } from './run-query';

setupDomTest();

function newStore() {
  return createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
}

/** A 200 whose body the test writes piece by piece, as the server streams it. */
function streamedResponse(): { response: Response; push: (text: string) => void; end: () => void } {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
    push: (text) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
  };
}

const column = { column_name: 'n', name: 'n', type: 'INTEGER', type_generic: 0, is_dttm: false };
const head = `{"query_id":1,"columns":[${JSON.stringify(column)}],"selected_columns":[${JSON.stringify(column)}],"expanded_columns":[],"data":[`;

describe('run thunks', () => {
  it('shows the first rows while the body still arrives, then the whole result', async () => {
    const body = streamedResponse();
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/' ? jsonResponse(200, { result: 'token' }) : body.response,
    );
    const store = newStore();
    const query = createQuery({ dbId: 1, sql: 'SELECT n FROM t' }, Date.now());
    const running = store.dispatch(runQuery(query, ''));
    const current = () => sqlLabState(store.getState()).sqlLabQueries.queries[query.id];

    body.push(`${head}{"n":1},{"n":2},{"n"`);
    await vi.waitFor(() => {
      expect(current()?.results?.data).toEqual([{ n: 1 }, { n: 2 }]);
    });
    expect(current()?.state).toBe('running');

    const dict = makeQueryDict({ id: query.id, state: 'success', rows: 3 });
    body.push(`:3}],"status":"success","query":${JSON.stringify(dict)}}`);
    body.end();
    await running;
    expect(current()?.state).toBe('success');
    expect(current()?.results?.data).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('fails a run whose body ends with an error after its first rows', async () => {
    const error = buildSupersetError('GENERIC_DB_ENGINE_ERROR', 'division by zero');
    const dict = makeQueryDict({ id: 'later', state: 'failed' });
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 'token' })
        : new Response(
            `${head}{"n":1}],"status":"failed","errors":${JSON.stringify([error])},"query":${JSON.stringify(dict)}}`,
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
    );
    const store = newStore();
    const query = createQuery({ dbId: 1, sql: 'SELECT 1 / (n - 2) FROM t' }, Date.now());
    await store.dispatch(runQuery(query, ''));
    const failed = sqlLabState(store.getState()).sqlLabQueries.queries[query.id];
    expect(failed?.state).toBe('failed');
    expect(failed?.errorMessage).toBe('division by zero');
    expect(failed?.errors?.[0]?.error_type).toBe('GENERIC_DB_ENGINE_ERROR');
  });

  it('keeps the message, issue codes and link of a failed run', async () => {
    const error = buildSupersetError('TABLE_DOES_NOT_EXIST_ERROR', 'The table "nope" does not exist.');
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 'token' })
        : jsonResponse(400, {
            errors: [{ ...error, extra: { ...error.extra, link: 'https://example.com/help' } }],
          }),
    );
    const store = newStore();
    const query = createQuery({ dbId: 1, sql: 'SELECT * FROM nope' }, Date.now());
    await store.dispatch(runQuery(query, ''));

    const failed = sqlLabState(store.getState()).sqlLabQueries.queries[query.id];
    expect(failed?.state).toBe('failed');
    expect(failed?.errorMessage).toBe('The table "nope" does not exist.');
    expect(failed?.link).toBe('https://example.com/help');
    expect(failed?.errors?.[0]?.extra?.issue_codes).toEqual([
      expect.objectContaining({ code: 1003 }),
      expect.objectContaining({ code: 1005 }),
    ]);
  });

  it("says 'Failed at retrieving results' when the rows cannot be fetched", async () => {
    stubFetch(() =>
      jsonResponse(410, {
        errors: [buildSupersetError('RESULTS_BACKEND_ERROR', 'Data could not be retrieved')],
      }),
    );
    const store = newStore();
    const query = createQuery({ dbId: 1, sql: 'SELECT 1', runAsync: true, resultsKey: 'k' }, Date.now());
    store.dispatch(startQuery({ query, previousQueryId: null }));
    await store.dispatch(fetchQueryResults(query.id, 'k', 100));

    expect(sqlLabState(store.getState()).sqlLabQueries.queries[query.id]?.state).toBe('failed');
    expect(store.getState().toasts.items.map((toast) => toast.text)).toEqual([RESULTS_FAILED_MESSAGE]);
  });

  it('gives up a results fetch after SQLLAB_QUERY_RESULT_TIMEOUT seconds (spec 000 §9)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Never answers; rejects only when the request is aborted.
      stubFetch(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const store = createAppStore({
        bootstrap: {
          ...TEST_BOOTSTRAP,
          common: {
            ...TEST_BOOTSTRAP.common,
            conf: { SUPERSET_WEBSERVER_TIMEOUT: 60, SQLLAB_QUERY_RESULT_TIMEOUT: 2 },
          },
        },
        theme: { mode: 'light', source: 'user' },
      });
      const query = createQuery({ dbId: 1, sql: 'SELECT 1', runAsync: true, resultsKey: 'k' }, Date.now());
      store.dispatch(startQuery({ query, previousQueryId: null }));
      const done = store.dispatch(fetchQueryResults(query.id, 'k', 100));
      await vi.advanceTimersByTimeAsync(1999);
      expect(sqlLabState(store.getState()).sqlLabQueries.queries[query.id]?.state).toBe('fetching');
      await vi.advanceTimersByTimeAsync(1);
      await done;
      const failed = sqlLabState(store.getState()).sqlLabQueries.queries[query.id];
      expect(failed?.state).toBe('failed');
      expect(failed?.errorMessage).toBe('Request timed out');
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns a CSRF refusal into the session-timed-out message, shown as a toast too', async () => {
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 'token' })
        : jsonResponse(400, { message: 'The CSRF token has expired.' }),
    );
    const store = newStore();
    const query = createQuery({ dbId: 1, sql: 'SELECT 1' }, Date.now());
    await store.dispatch(runQuery(query, ''));

    expect(sqlLabState(store.getState()).sqlLabQueries.queries[query.id]?.errorMessage).toBe(
      SESSION_TIMED_OUT_MESSAGE,
    );
    expect(store.getState().toasts.items.map((toast) => toast.text)).toEqual([SESSION_TIMED_OUT_MESSAGE]);
  });
});
