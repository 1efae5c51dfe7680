import { describe, expect, it } from 'vitest';
import { ChartRequests, type StartedRequest } from './chart-requests';

/** A request the test settles by hand, recording whether it was aborted. */
function manualRequest(): StartedRequest<string> & { settle: (value: string) => void; aborted: boolean } {
  let settle: (value: string) => void = () => undefined;
  const result = new Promise<string>((resolve) => {
    settle = resolve;
  });
  const request = {
    result,
    aborted: false,
    settle: (value: string) => {
      settle(value);
    },
    abort: () => {
      request.aborted = true;
    },
  };
  return request;
}

describe('ChartRequests', () => {
  it('joins an identical request in flight instead of asking twice', async () => {
    const requests = new ChartRequests();
    const first = manualRequest();
    let starts = 0;
    const a = requests.run(
      1,
      'same',
      () => first,
      () => (starts += 1),
    );
    const b = requests.run(1, 'same', manualRequest, () => (starts += 1));
    expect(starts).toBe(1);
    expect(b.joined).toBe(true);
    first.settle('rows');
    expect(await a.outcome).toEqual({ kind: 'done', result: 'rows' });
    expect(await b.outcome).toEqual({ kind: 'superseded' });
    expect(requests.isRunning(1)).toBe(false);
  });

  it('aborts an older different request of the same chart and drops its result', async () => {
    const requests = new ChartRequests();
    const older = manualRequest();
    const newer = manualRequest();
    const a = requests.run(
      1,
      'old',
      () => older,
      () => undefined,
    );
    const b = requests.run(
      1,
      'new',
      () => newer,
      () => undefined,
    );
    expect(older.aborted).toBe(true);
    older.settle('late');
    newer.settle('fresh');
    expect(await a.outcome).toEqual({ kind: 'superseded' });
    expect(await b.outcome).toEqual({ kind: 'done', result: 'fresh' });
  });

  it('keeps charts apart and stops one without touching the other', async () => {
    const requests = new ChartRequests();
    const one = manualRequest();
    const two = manualRequest();
    const a = requests.run(
      1,
      'q',
      () => one,
      () => undefined,
    );
    const b = requests.run(
      2,
      'q',
      () => two,
      () => undefined,
    );
    expect(requests.stop(1)).toBe(true);
    expect(requests.stop(1)).toBe(false);
    expect(one.aborted).toBe(true);
    expect(two.aborted).toBe(false);
    one.settle('x');
    two.settle('y');
    expect(await a.outcome).toEqual({ kind: 'superseded' });
    expect(await b.outcome).toEqual({ kind: 'done', result: 'y' });
  });

  it('starts afresh after a stop even with the same key', () => {
    const requests = new ChartRequests();
    const first = manualRequest();
    requests.run(
      1,
      'q',
      () => first,
      () => undefined,
    );
    requests.stop(1);
    expect(requests.run(1, 'q', manualRequest, () => undefined).joined).toBe(false);
  });

  it("hands an early run's ended answer to the next identical run, once", async () => {
    const requests = new ChartRequests();
    const early = manualRequest();
    let starts = 0;
    const count = () => (starts += 1);
    const a = requests.run(1, 'q', () => early, count, true);
    early.settle('rows');
    expect(await a.outcome).toEqual({ kind: 'done', result: 'rows' });
    const b = requests.run(1, 'q', manualRequest, count);
    expect(b.joined).toBe(true);
    expect(await b.outcome).toEqual({ kind: 'superseded' });
    expect(requests.run(1, 'q', manualRequest, count).joined).toBe(false);
    expect(starts).toBe(2);
  });

  it('asks again when the run after an early one differs, or an ordinary run ended', async () => {
    const requests = new ChartRequests();
    const early = manualRequest();
    const a = requests.run(
      1,
      'q',
      () => early,
      () => undefined,
      true,
    );
    early.settle('rows');
    await a.outcome;
    expect(requests.run(1, 'other', manualRequest, () => undefined).joined).toBe(false);
    const plain = manualRequest();
    const b = requests.run(
      2,
      'q',
      () => plain,
      () => undefined,
    );
    plain.settle('rows');
    await b.outcome;
    expect(requests.run(2, 'q', manualRequest, () => undefined).joined).toBe(false);
  });
});
