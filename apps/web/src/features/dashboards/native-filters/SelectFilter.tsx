import type { NativeFilter, QueryFilter } from '@tessera/contracts';
import { useCallback, useMemo, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption, AsyncSelectPage } from '../../../shared/ui/async-select/async-select-rules';
import { chartDataApi } from '../../chart-runtime/chart-data-api';
import { filterOptionsQueryContext } from '@tessera/core';
import { knownTotal, optionsQueryInput, optionValues, type OptionValue } from './filter-options';
import type { FilterValue } from './filter-mask';

interface SelectFilterProps {
  filter: NativeFilter;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  /** Filters of the cascade parents (applied or pending): the options narrow with them. */
  parentFilters: readonly QueryFilter[];
}

const NULL_KEY = '\u0000null';

function keyOf(value: OptionValue): string {
  return value === null ? NULL_KEY : String(value);
}

function toOption(value: OptionValue): AsyncSelectOption {
  return { value: keyOf(value), label: value === null ? '<NULL>' : String(value) };
}

/**
 * A value filter on the shared async select: the column's distinct values through /api/v1/chart/data,
 * searched on the server, paged, with 'Select All'; a fresh first page whenever the parents' filters change.
 */
export function SelectFilter({ filter, value, onChange, parentFilters }: SelectFilterProps) {
  const dispatch = useAppDispatch();
  const controls = filter.controlValues ?? {};
  const multiple = controls.multiSelect !== false;
  const request = optionsQueryInput(filter, parentFilters);
  // The request is rebuilt on every render (the parents' filters too): its text decides when it changed.
  const reloadKey = request === null ? '' : JSON.stringify(request);
  const base = useMemo(() => request, [reloadKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // Option keys back to the values they stand for (numbers, booleans and null are keyed as text).
  const known = useRef(new Map<string, OptionValue>());
  const selected: OptionValue[] = Array.isArray(value) ? [...value] : [];
  for (const v of selected) known.current.set(keyOf(v), v);

  const fetchOptions = useCallback(
    async (search: string, page: number, pageSize: number): Promise<AsyncSelectPage> => {
      if (base === null) return { options: [], totalCount: 0 };
      const response = await dispatch(
        chartDataApi.endpoints.runChartData.initiate(filterOptionsQueryContext({ ...base, search, page })),
      ).unwrap();
      const values = optionValues(response.result[0]?.data ?? [], base.column);
      for (const v of values) known.current.set(keyOf(v), v);
      return {
        options: values.map(toOption),
        totalCount: knownTotal(page * pageSize, values.length, pageSize),
      };
    },
    [dispatch, base],
  );

  const fromOptions = (options: readonly AsyncSelectOption[]): FilterValue => {
    const values = options
      .map((option) => known.current.get(String(option.value)))
      .filter((v): v is OptionValue => v !== undefined);
    return values.length === 0 ? null : values;
  };

  const common = {
    fetchOptions,
    allowClear: true,
    disabled: base === null,
    reloadKey,
    'data-test': 'filter-select',
  };
  return multiple ? (
    <AsyncSelect
      {...common}
      mode="multiple"
      selectAll
      value={selected.map(toOption)}
      onChange={(options) => onChange(fromOptions(options))}
    />
  ) : (
    <AsyncSelect
      {...common}
      value={selected[0] === undefined ? null : toOption(selected[0])}
      onChange={(option) => onChange(option === null ? null : fromOptions([option]))}
    />
  );
}
