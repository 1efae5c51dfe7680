import { describe, expect, it } from 'vitest';
import { leadingRows, onLeadingRows, readWithLeadingRows } from './leading-rows';

const body = JSON.stringify({
  query_id: 7,
  columns: [{ name: 'a' }],
  data: [{ a: 'x},{"a":1' }, { a: [1, { b: '\\"]' }] }, { a: null }],
  status: 'success',
});

function streamOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

describe('leadingRows', () => {
  it('parses the head and only the complete rows of a prefix', () => {
    const cut = body.indexOf('{"a":null}') + 3;
    expect(leadingRows(body.slice(0, cut), 'data')).toEqual({
      head: { query_id: 7, columns: [{ name: 'a' }] },
      rows: [{ a: 'x},{"a":1' }, { a: [1, { b: '\\"]' }] }],
    });
    expect(leadingRows(body, 'data')?.rows).toHaveLength(3);
  });

  it('gives nothing before the first row is complete, or for other bodies', () => {
    expect(leadingRows(body.slice(0, body.indexOf('"data":[') + 12), 'data')).toBeNull();
    expect(leadingRows('{"errors":[{"message":"boom"}]}', 'data')).toBeNull();
    expect(leadingRows('{"query":{"id":"q"}}', 'data')).toBeNull();
    expect(leadingRows('[{"a":1}]', 'data')).toBeNull();
  });
});

describe('readWithLeadingRows', () => {
  it('hands the first rows over once, and returns the whole text', async () => {
    const seen: unknown[][] = [];
    const stop = onLeadingRows('k', (found) => seen.push(found.rows));
    // Split inside a multi-byte character and inside a row.
    const text = body.replace('x},', 'é},');
    const bytes = new TextEncoder().encode(text);
    // One byte into the two-byte é.
    const split = new TextEncoder().encode(text.slice(0, text.indexOf('é'))).length + 1;
    const whole = await readWithLeadingRows(
      streamOf([bytes.slice(0, split), bytes.slice(split)]),
      'k',
      'data',
    );
    stop();
    expect(whole).toBe(text);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.length).toBeGreaterThan(0);
  });
});
