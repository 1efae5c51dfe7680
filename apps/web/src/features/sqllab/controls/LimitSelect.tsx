import { Select } from 'antd';
import { useMemo } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useSqlLabConf } from '../conf/use-sqllab-conf';
import { setQueryLimit } from '../state';
import { formatCount, limitOptions } from './limit-options';

/** The tab's row limit: powers of ten below SQL_MAX_ROW, and SQL_MAX_ROW. */
export function LimitSelect({ editorId, value }: { editorId: string; value: number }) {
  const dispatch = useAppDispatch();
  const { maxRow } = useSqlLabConf();
  const options = useMemo(() => {
    const values = limitOptions(maxRow);
    // A limit from elsewhere (a saved tab, the configured default) stays selectable.
    if (!values.includes(value)) values.push(value);
    return values.sort((a, b) => a - b).map((limit) => ({ value: limit, label: formatCount(limit) }));
  }, [maxRow, value]);

  return (
    <Select<number>
      data-test="sqllab-limit"
      aria-label="Row limit"
      size="small"
      prefix="Limit"
      value={value}
      options={options}
      popupMatchSelectWidth={false}
      style={{ width: 150 }}
      onChange={(queryLimit) => dispatch(setQueryLimit({ id: editorId, queryLimit }))}
    />
  );
}
