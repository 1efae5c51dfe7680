import { describe, expect, it } from 'vitest';
import { PASSWORDS_DIFFER, toPasswordUpdate } from './password-form';

describe('toPasswordUpdate', () => {
  it('builds the body when the policy holds and the repeat matches', () => {
    expect(
      toPasswordUpdate({
        current_password: 'old',
        new_password: 'new-pass-1',
        confirm_password: 'new-pass-1',
      }),
    ).toEqual({ ok: true, payload: { current_password: 'old', new_password: 'new-pass-1' } });
  });

  it('refuses a short new password, a missing current one and a repeat that differs', () => {
    const result = toPasswordUpdate({
      current_password: '',
      new_password: 'short',
      confirm_password: 'other',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual([
      'confirm_password',
      'current_password',
      'new_password',
    ]);
    expect(result.fieldErrors.confirm_password).toEqual([PASSWORDS_DIFFER]);
  });
});
