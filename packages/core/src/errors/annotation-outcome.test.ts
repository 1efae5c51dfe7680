import { describe, expect, it } from 'vitest';
import { annotationQueryOutcome } from './annotation-outcome';
import { normalizeClientError } from './normalize-client-error';

describe('annotationQueryOutcome (spec 001 §4, §8)', () => {
  it('fails a timed-out annotation query with "Query timeout"', () => {
    const timedOut = normalizeClientError({ kind: 'timeout', timeout: 60 });
    expect(timedOut.error).toBe('Request timed out');
    expect(annotationQueryOutcome(timedOut)).toEqual({ kind: 'failed', error: 'Query timeout' });
  });

  it('counts a "no data" answer as success', () => {
    const noData = normalizeClientError({
      kind: 'response',
      status: 400,
      body: { message: 'Error: No data for this layer' },
    });
    expect(annotationQueryOutcome(noData)).toEqual({ kind: 'success' });
  });

  it("keeps the server's message, or says 'Network error.' without one", () => {
    const refused = normalizeClientError({ kind: 'response', status: 400, body: { message: 'Bad layer' } });
    expect(annotationQueryOutcome(refused)).toEqual({ kind: 'failed', error: 'Bad layer' });
    expect(annotationQueryOutcome(null)).toEqual({ kind: 'failed', error: 'Network error.' });
    expect(annotationQueryOutcome({ error: ' ' })).toEqual({ kind: 'failed', error: 'Network error.' });
  });
});
