import { useCallback, useState } from 'react';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption, FetchSelectOptions } from '../../shared/ui/async-select/async-select-rules';
import { useLazyListRolesQuery } from './users-api';

interface RolesSelectProps {
  /** The names of roles the user already has, by id, so their tags are labelled before any search. */
  known: ReadonlyMap<number, string>;
  /** Given by the enclosing Form.Item: the chosen role ids. */
  value?: number[];
  onChange?: (ids: number[]) => void;
}

/** A user's roles: searched and paged by the server, as every select over server choices. */
export function RolesSelect({ known, value = [], onChange }: RolesSelectProps) {
  const [listRoles] = useLazyListRolesQuery();
  // Names of the roles seen so far; the form keeps only ids.
  const [names] = useState(() => new Map(known));
  const fetchRoles = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listRoles({ search, page, pageSize }, true).unwrap();
      for (const role of response.result) names.set(role.id, role.name);
      return {
        options: response.result.map((role) => ({ value: role.id, label: role.name })),
        totalCount: response.count,
      };
    },
    [listRoles, names],
  );
  const chosen: AsyncSelectOption[] = value.map((id) => ({
    value: id,
    label: names.get(id) ?? `Role ${String(id)}`,
  }));
  return (
    <AsyncSelect
      data-test="user-roles"
      mode="multiple"
      aria-label="Roles"
      placeholder="Choose roles"
      fetchOptions={fetchRoles}
      value={chosen}
      onChange={(next) => {
        for (const option of next) names.set(Number(option.value), option.label);
        onChange?.(next.map((option) => Number(option.value)));
      }}
    />
  );
}
