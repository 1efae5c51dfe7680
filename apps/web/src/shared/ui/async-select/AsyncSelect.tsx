import { SELECT_MAX_VISIBLE_TAGS, SELECT_PAGE_SIZE } from '@tessera/contracts';
import { Flex, Select, Spin, Typography } from 'antd';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type ReactNode,
  type UIEvent,
} from 'react';
import { errorText } from '../../errors/to-api-error';
import {
  applySelectAll,
  choiceNamed,
  mergePage,
  newOptionFor,
  SELECT_ALL_KEY,
  SELECT_ALL_LABEL,
  scrolledPastThreshold,
  splitPasted,
  truncateTag,
  type AsyncSelectOption,
  type FetchSelectOptions,
} from './async-select-rules';

/** Typing settles this long before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

interface CommonProps {
  /** Reads one page of choices; rejects (or throws) when the server cannot be read. */
  fetchOptions: FetchSelectOptions;
  placeholder?: string;
  'aria-label'?: string;
  allowClear?: boolean;
  disabled?: boolean;
  /** 'error' outlines the select in red (a required choice is missing). */
  status?: 'error';
  /** Choices shown above the loaded ones for the current search text (a "+ Create …" entry, say). */
  extraOptions?: (search: string) => AsyncSelectOption[];
  /** The typed text is a choice too (its value is the text): new tags, say. */
  allowNewOptions?: boolean;
  /** Told when a page cannot be read (the caller may show an alert). */
  onError?: (error: unknown) => void;
  /** Shown when nothing matches (and nothing failed). */
  emptyText?: ReactNode;
  pageSize?: number;
  /** When this text changes the loaded pages are dropped and read again (a dependent filter's parents, say). */
  reloadKey?: string;
  'data-test': string;
}

interface SingleProps extends CommonProps {
  mode?: 'single';
  value: AsyncSelectOption | null;
  onChange: (value: AsyncSelectOption | null) => void;
}

interface MultipleProps extends CommonProps {
  mode: 'multiple';
  /** Offers 'Select All' above the loaded choices: it adds every loaded choice to the value. */
  selectAll?: boolean;
  value: AsyncSelectOption[];
  onChange: (value: AsyncSelectOption[]) => void;
}

export type AsyncSelectProps = SingleProps | MultipleProps;

interface Loaded {
  search: string;
  options: AsyncSelectOption[];
  /** Pages read so far for `search`. */
  pages: number;
  totalCount: number;
}

function isOption(value: unknown): value is { value: string | number; label?: ReactNode } {
  return typeof value === 'object' && value !== null && 'value' in value;
}

/**
 * The one select over server-side choices (spec 001 §5, §9): pages of 100 asked with the search text,
 * the next page once the list is scrolled past 70 %, at most 4 tags shown, tags cut at 20 characters.
 * Every picker whose choices come from the server (owners, dashboards, datasets, databases, schemas,
 * tables, native filter values) is one of these.
 */
export function AsyncSelect(props: AsyncSelectProps) {
  const { fetchOptions, pageSize = SELECT_PAGE_SIZE, extraOptions, onError } = props;
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef(0);
  const { reloadKey } = props;
  const firstKey = useRef(reloadKey);

  const load = useCallback(
    async (text: string, page: number) => {
      const ticket = ++latest.current;
      setLoading(true);
      try {
        const result = await fetchOptions(text, page, pageSize);
        if (ticket !== latest.current) return;
        setFailure(null);
        setLoaded((previous) => ({
          search: text,
          options:
            page === 0 || previous?.search !== text
              ? result.options
              : mergePage(previous.options, result.options),
          pages: page + 1,
          totalCount: result.totalCount,
        }));
      } catch (error: unknown) {
        if (ticket !== latest.current) return;
        setFailure(errorText(error));
        onError?.(error);
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [fetchOptions, pageSize, onError],
  );

  // The first page is read when the list first opens, then again whenever the settled search changes.
  useEffect(() => {
    if (query === null) return;
    const timer = setTimeout(
      () => {
        void load(query, 0);
      },
      loaded === null ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
    };
    // `loaded` only picks the delay of the first read; it must not re-run the search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, load]);

  // A new reload key (the choices' source changed): forget the pages read and read the first again.
  useEffect(() => {
    if (firstKey.current === reloadKey) return;
    firstKey.current = reloadKey;
    latest.current += 1;
    setLoaded(null);
    setLoading(false);
    setFailure(null);
    if (query !== null) void load(query, 0);
    // Only the key decides; `query` and `load` are read as they stand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloadKey]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    if (loading || loaded === null || loaded.options.length >= loaded.totalCount) return;
    if (!scrolledPastThreshold(target.scrollTop, target.scrollHeight, target.clientHeight)) return;
    void load(loaded.search, loaded.pages);
  };

  const loadedOptions = loaded?.options ?? [];
  const chosenOptions = props.mode === 'multiple' ? props.value : props.value === null ? [] : [props.value];
  const typedText = search.trim();
  let typed =
    props.allowNewOptions === true ? newOptionFor(search, [...chosenOptions, ...loadedOptions]) : null;
  // Until the search is answered the list is the previous one: a loaded choice named exactly by the
  // text leads it, so an Enter pressed at once takes what was typed rather than the first stale choice.
  if (props.allowNewOptions === true && typed === null && loaded !== null && loaded.search !== typedText)
    typed =
      loadedOptions.find((option) => option.label === typedText || String(option.value) === typedText) ??
      null;
  const extras = [...(typed === null ? [] : [typed]), ...(extraOptions?.(typedText) ?? [])];
  const listed =
    typed === null ? loadedOptions : loadedOptions.filter((option) => option.value !== typed.value);
  const offerAll = props.mode === 'multiple' && props.selectAll === true && loadedOptions.length > 0;
  const options = [
    ...(offerAll
      ? [{ value: SELECT_ALL_KEY, label: SELECT_ALL_LABEL, 'data-test': `${props['data-test']}-all` }]
      : []),
    ...[...extras, ...listed].map((option) => ({
      value: option.value,
      label:
        option.icon === undefined ? (
          option.label
        ) : (
          <Flex align="center" gap={6}>
            {option.icon}
            {option.label}
          </Flex>
        ),
      // The text names the choice even when the label is drawn with an icon.
      title: option.label,
      disabled: option.disabled,
      'data-test': `${props['data-test']}-option`,
    })),
  ];
  const notFound = loading ? (
    <Spin size="small" />
  ) : failure !== null ? (
    <Typography.Text type="danger" data-test={`${props['data-test']}-error`}>
      {failure}
    </Typography.Text>
  ) : (
    (props.emptyText ?? 'No data')
  );

  const common = {
    labelInValue: true as const,
    allowClear: props.allowClear,
    disabled: props.disabled,
    status: props.status,
    placeholder: props.placeholder,
    'aria-label': props['aria-label'],
    loading,
    options,
    filterOption: false as const,
    notFoundContent: notFound,
    showSearch: {
      searchValue: search,
      filterOption: false as const,
      onSearch: (text: string) => {
        setSearch(text);
        setQuery(text.trim());
      },
    },
    // Typing into a closed select tells the search and the opening in one event: the opening must
    // not replace a search told just before it, so it only starts a list that has none.
    onOpenChange: (open: boolean) => {
      if (open) setQuery((current) => current ?? '');
    },
    onPopupScroll: onScroll,
    style: { width: '100%' },
    'data-test': props['data-test'],
  };

  const toOption = (value: unknown): AsyncSelectOption | null => {
    if (!isOption(value)) return null;
    const chosen = props.mode === 'multiple' ? props.value : props.value === null ? [] : [props.value];
    const known = [...chosen, ...extras, ...(loaded?.options ?? [])].find(
      (option) => option.value === value.value,
    );
    return (
      known ?? {
        value: value.value,
        label: typeof value.label === 'string' ? value.label : String(value.value),
      }
    );
  };

  if (props.mode === 'multiple') {
    const { onChange, value, allowNewOptions } = props;
    // antd splits pasted text only in tags mode, and then only into loaded choices: a pasted list is
    // resolved here, each word against the chosen and loaded choices, else asked of the server.
    const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
      const tokens = splitPasted(event.clipboardData.getData('text'));
      if (tokens === null) return;
      event.preventDefault();
      const known = [...value, ...loadedOptions];
      void Promise.all(
        tokens.map(async (token): Promise<AsyncSelectOption | undefined> => {
          const found = choiceNamed(token, known);
          if (found !== undefined) return found;
          if (allowNewOptions === true) return { value: token, label: token };
          try {
            return choiceNamed(token, (await fetchOptions(token, 0, pageSize)).options);
          } catch (error: unknown) {
            onError?.(error);
            return undefined;
          }
        }),
      ).then((resolved) => {
        const named = resolved.filter((option): option is AsyncSelectOption => option !== undefined);
        onChange(mergePage(value, named));
        setSearch('');
      });
    };
    return (
      <div onPasteCapture={onPaste} style={{ width: '100%' }}>
        <Select
          {...common}
          mode="multiple"
          maxTagCount={SELECT_MAX_VISIBLE_TAGS}
          // The label, not tagRender: a custom tag would lose antd's own item (and its '+ n ...' summary).
          value={props.value.map((option) => ({
            value: option.value,
            label: (
              <span title={option.label} data-test={`${props['data-test']}-tag`}>
                {truncateTag(option.label)}
              </span>
            ),
          }))}
          onChange={(values: unknown) => {
            const list = Array.isArray(values) ? values : [];
            const chosen = list
              .map(toOption)
              .filter((option): option is AsyncSelectOption => option !== null);
            onChange(applySelectAll(chosen, loadedOptions));
            setSearch('');
          }}
        />
      </div>
    );
  }
  const { onChange } = props;
  return (
    <Select
      {...common}
      // null, not undefined: an undefined value would leave antd keeping the last pick on its own.
      value={props.value === null ? null : { value: props.value.value, label: props.value.label }}
      onChange={(value: unknown) => {
        onChange(toOption(value));
        setSearch('');
      }}
    />
  );
}
