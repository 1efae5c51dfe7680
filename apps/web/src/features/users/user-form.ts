import {
  userCreateSchema,
  userUpdateSchema,
  type User,
  type UserCreate,
  type UserUpdate,
} from '@tessera/contracts';
import { payloadResult, type PayloadResult } from '../../shared/forms/payload-result';

export interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  /** Required on create; on edit an empty password keeps the current one. */
  password: string;
  active: boolean;
  roles: number[];
}

export function emptyUserForm(): UserFormValues {
  return { username: '', first_name: '', last_name: '', email: '', password: '', active: true, roles: [] };
}

export function userFormFrom(user: User): UserFormValues {
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    password: '',
    active: user.active,
    roles: user.roles.map((role) => role.id),
  };
}

export function toUserCreate(values: UserFormValues): PayloadResult<UserCreate> {
  return payloadResult(userCreateSchema.safeParse(values));
}

/**
 * Only what changed is sent (a blank password means "keep the current one"), plus `active` always:
 * the contract's update schema defaults a missing `active` to true, which would reactivate a
 * deactivated user on any edit.
 */
export function toUserUpdate(values: UserFormValues, original: User): PayloadResult<UserUpdate> {
  const before = userFormFrom(original);
  const body: Record<string, unknown> = {};
  for (const field of ['username', 'first_name', 'last_name', 'email'] as const) {
    if (values[field].trim() !== before[field]) body[field] = values[field];
  }
  body.active = values.active;
  const sortedRoles = [...values.roles].sort((a, b) => a - b);
  if (sortedRoles.join(',') !== [...before.roles].sort((a, b) => a - b).join(',')) body.roles = sortedRoles;
  if (values.password !== '') body.password = values.password;
  return payloadResult(userUpdateSchema.safeParse(body));
}
