import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import { useRelatedChoices } from '../../shared/ui/async-select/related-choices';
import type { PickedChoice } from './rls-form';

interface RelatedPickerProps {
  /** The rules API's `related/<field>` endpoint. */
  url: string;
  'data-test': string;
  'aria-label': string;
  placeholder: string;
  /** Given by the enclosing Form.Item. */
  value?: PickedChoice[];
  onChange?: (value: PickedChoice[]) => void;
}

/** A rule's datasets or roles: the API's related choices, searched and paged on the server. */
export function RelatedPicker({ url, value = [], onChange, ...props }: RelatedPickerProps) {
  const fetchOptions = useRelatedChoices(url);
  return (
    <AsyncSelect
      {...props}
      mode="multiple"
      fetchOptions={fetchOptions}
      value={value}
      onChange={(next) =>
        onChange?.(next.map((option) => ({ value: Number(option.value), label: option.label })))
      }
    />
  );
}
