import {
  rlsRuleCreateSchema,
  type RlsFilterType,
  type RlsRule,
  type RlsRuleCreate,
} from '@tessera/contracts';
import { payloadResult, type PayloadResult } from '../../shared/forms/payload-result';

/** A picked dataset or role: the id the API takes and the label the select shows. */
export interface PickedChoice {
  value: number;
  label: string;
}

export interface RlsFormValues {
  name: string;
  filter_type: RlsFilterType;
  tables: PickedChoice[];
  roles: PickedChoice[];
  group_key: string;
  clause: string;
  description: string;
}

export function emptyRlsForm(): RlsFormValues {
  return {
    name: '',
    filter_type: 'Regular',
    tables: [],
    roles: [],
    group_key: '',
    clause: '',
    description: '',
  };
}

export function rlsFormFrom(rule: RlsRule): RlsFormValues {
  return {
    name: rule.name,
    filter_type: rule.filter_type,
    tables: rule.tables.map((table) => ({
      value: table.id,
      label: table.schema ? `${table.schema}.${table.table_name}` : table.table_name,
    })),
    roles: rule.roles.map((role) => ({ value: role.id, label: role.name })),
    group_key: rule.group_key ?? '',
    clause: rule.clause,
    description: rule.description ?? '',
  };
}

/** The whole rule as the API takes it (create, and edit: PUT replaces every field the form shows). */
export function toRlsPayload(values: RlsFormValues): PayloadResult<RlsRuleCreate> {
  return payloadResult(
    rlsRuleCreateSchema.safeParse({
      name: values.name,
      filter_type: values.filter_type,
      tables: values.tables.map((table) => table.value),
      roles: values.roles.map((role) => role.value),
      group_key: values.group_key.trim() === '' ? null : values.group_key,
      clause: values.clause,
      description: values.description.trim() === '' ? null : values.description,
    }),
  );
}
