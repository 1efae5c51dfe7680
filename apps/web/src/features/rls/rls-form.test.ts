import { describe, expect, it } from 'vitest';
import { emptyRlsForm, rlsFormFrom, toRlsPayload } from './rls-form';

describe('rls form', () => {
  it('sends ids, and empty group key and description as null', () => {
    const payload = toRlsPayload({
      ...emptyRlsForm(),
      name: ' CA ',
      tables: [{ value: 3, label: 'main.birth_names' }],
      roles: [{ value: 5, label: 'Gamma' }],
      group_key: '  ',
      clause: "state = 'CA'",
    });
    expect(payload).toEqual({
      ok: true,
      payload: {
        name: 'CA',
        filter_type: 'Regular',
        tables: [3],
        roles: [5],
        group_key: null,
        clause: "state = 'CA'",
        description: null,
      },
    });
  });

  it('reports missing datasets and clause on their fields', () => {
    const payload = toRlsPayload({ ...emptyRlsForm(), name: 'x' });
    expect(payload.ok).toBe(false);
    if (!payload.ok) expect(Object.keys(payload.fieldErrors).sort()).toEqual(['clause', 'tables']);
  });

  it('labels datasets by schema and table when editing', () => {
    const form = rlsFormFrom({
      id: 1,
      name: 'r',
      description: null,
      filter_type: 'Base',
      tables: [{ id: 3, schema: 'main', table_name: 'birth_names' }],
      roles: [{ id: 1, name: 'Admin' }],
      group_key: null,
      clause: '1 = 0',
      changed_on_delta_humanized: 'now',
      changed_by: null,
    });
    expect(form.tables).toEqual([{ value: 3, label: 'main.birth_names' }]);
    expect(form.group_key).toBe('');
  });
});
