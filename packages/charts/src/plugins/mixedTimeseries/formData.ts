import type { FormData } from '../../query/form-data';

const SUFFIX = '_b';

/** Form data of query A: every `…_b` key removed. */
export function queryAFormData(formData: FormData): FormData {
  return Object.fromEntries(Object.entries(formData).filter(([key]) => !key.endsWith(SUFFIX))) as FormData;
}

/** Form data of query B: `…_b` keys replace their unsuffixed names, the other suffixed keys are dropped. */
export function queryBFormData(formData: FormData): FormData {
  const entries: [string, unknown][] = Object.entries(formData);
  const result = Object.fromEntries<unknown>([
    ...entries.filter(([key]) => !key.endsWith(SUFFIX)),
    ...entries
      .filter(([key]) => key.endsWith(SUFFIX))
      .map(([key, value]): [string, unknown] => [key.slice(0, -SUFFIX.length), value]),
  ]);
  return { ...result, viz_type: formData.viz_type, datasource: formData.datasource };
}
