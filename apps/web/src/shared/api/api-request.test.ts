import { describe, expect, it } from 'vitest';
import { encodeForm } from './api-request';

describe('encodeForm', () => {
  it('JSON-encodes each value and leaves out undefined ones', () => {
    const body = encodeForm({
      sql: "SELECT 'a&b'",
      database_id: 1,
      schema: null,
      label: undefined,
      autorun: false,
    });
    expect([...new URLSearchParams(body)]).toEqual([
      ['sql', '"SELECT \'a&b\'"'],
      ['database_id', '1'],
      ['schema', 'null'],
      ['autorun', 'false'],
    ]);
  });
});
