import { describe, expect, it } from 'vitest';
import type { QueryContext } from '@tessera/contracts';
import { createAppStore } from '../../app/store';
import { jsonResponse, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../test/dom-test';
import { selectChart } from './chart-store';
import { runChartQuery } from './chart-thunks';

setupDomTest();

const context = {
  datasource: { id: 1, type: 'table' },
  queries: [{ columns: ['gender'] }],
  result_format: 'json',
  result_type: 'full',
} as const satisfies QueryContext;

const job = {
  channel_id: 'c1',
  job_id: 'job-1',
  user_id: 1,
  status: 'pending',
  errors: [],
  result_url: null,
};

const item = {
  colnames: ['gender'],
  coltypes: [1],
  data: [{ gender: 'boy' }],
  rowcount: 1,
  status: 'success',
};

function newStore() {
  return createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
}

describe('chart data under global async queries', () => {
  it('waits for a 202 job through async_event polling, then reads result_url into the chart', async () => {
    const calls: string[] = [];
    stubFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (url === '/api/v1/chart/data') return jsonResponse(202, job);
      if (url.startsWith('/api/v1/async_event/'))
        return jsonResponse(200, {
          result: [{ ...job, id: '5-0', status: 'done', result_url: '/api/v1/chart/data/abc' }],
        });
      if (url === '/api/v1/chart/data/abc') return jsonResponse(200, { result: [item] });
      return jsonResponse(404, { message: 'Not found' });
    });
    const store = newStore();
    await store.dispatch(runChartQuery(7, { viz_type: 'table' }, context));
    const chart = selectChart(store.getState(), 7);
    expect(chart.chartStatus).toBe('success');
    expect(chart.queriesResponse?.[0]?.data).toEqual([{ gender: 'boy' }]);
    expect(calls).toContain('GET /api/v1/chart/data/abc');
  });

  it("shows a job's error event as the chart's failed state, not a spinner", async () => {
    stubFetch((url) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (url === '/api/v1/chart/data') return jsonResponse(202, job);
      if (url.startsWith('/api/v1/async_event/'))
        return jsonResponse(200, {
          result: [
            {
              ...job,
              id: '6-0',
              status: 'error',
              errors: [
                {
                  message: 'The worker running this query stopped before it finished.',
                  error_type: 'ASYNC_WORKERS_ERROR',
                  level: 'error',
                  extra: { issue_codes: [] },
                },
              ],
            },
          ],
        });
      return jsonResponse(404, { message: 'Not found' });
    });
    const store = newStore();
    await store.dispatch(runChartQuery(8, { viz_type: 'table' }, context));
    const chart = selectChart(store.getState(), 8);
    expect(chart.chartStatus).toBe('failed');
    expect(chart.chartAlert).toBe('The worker running this query stopped before it finished.');
  });
});
