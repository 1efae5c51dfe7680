import type { TagRef } from '@tessera/contracts';
import { useCallback } from 'react';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption, FetchSelectOptions } from '../../shared/ui/async-select/async-select-rules';
import { useLazyTagOptionsQuery } from './tags-api';

/** The select's value for an object's tags: custom ones, by name (PUT takes names and makes new ones). */
export function tagOptionsOf(tags: readonly Partial<TagRef>[] | undefined): AsyncSelectOption[] {
  return (tags ?? []).flatMap((tag) =>
    tag.name !== undefined && (tag.type ?? 'custom') === 'custom'
      ? [{ value: tag.name, label: tag.name }]
      : [],
  );
}

/** What PUT's `tags` takes from the select: the chosen names. */
export const tagNamesOf = (options: readonly AsyncSelectOption[]): string[] =>
  options.map((option) => String(option.value));

interface TagsSelectProps {
  value: AsyncSelectOption[];
  onChange: (value: AsyncSelectOption[]) => void;
  'data-test': string;
}

/**
 * The Tags field of the chart and dashboard properties: existing custom tags from the server, and any
 * typed name as a new one (allowNewOptions). Callers show it only while TAGGING_SYSTEM is on (`useTagging`).
 */
export function TagsSelect({ value, onChange, 'data-test': dataTest }: TagsSelectProps) {
  const [listTags] = useLazyTagOptionsQuery();
  const fetchTags = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listTags({ search, page, pageSize }, true).unwrap();
      return {
        options: response.result.flatMap((tag) =>
          tag.name === undefined ? [] : [{ value: tag.name, label: tag.name }],
        ),
        totalCount: response.count,
      };
    },
    [listTags],
  );
  return (
    <AsyncSelect
      data-test={dataTest}
      mode="multiple"
      allowNewOptions
      value={value}
      fetchOptions={fetchTags}
      onChange={onChange}
      placeholder="Select or type a new tag"
    />
  );
}
