import { mePasswordUpdateSchema, type MePasswordUpdate } from '@tessera/contracts';
import { payloadResult, type PayloadResult } from '../../shared/forms/payload-result';

export interface PasswordFormValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export const PASSWORDS_DIFFER = 'The two new passwords do not match.';
export const PASSWORD_CHANGED = 'Your password was changed. Your other sessions were signed out.';

/** The PUT body from the form, or field messages: the contracts' policy, and the repeat must match. */
export function toPasswordUpdate(values: PasswordFormValues): PayloadResult<MePasswordUpdate> {
  const result = payloadResult(
    mePasswordUpdateSchema.safeParse({
      current_password: values.current_password,
      new_password: values.new_password,
    }),
  );
  if (values.confirm_password === values.new_password) return result;
  const fieldErrors = result.ok ? {} : result.fieldErrors;
  return { ok: false, fieldErrors: { ...fieldErrors, confirm_password: [PASSWORDS_DIFFER] } };
}
