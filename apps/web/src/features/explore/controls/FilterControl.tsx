import { FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Tag, theme } from 'antd';
import { useEffect, useState } from 'react';
import type { ExploreDatasource } from '@tessera/contracts';
import { asFilterList, filterLabel, newFilter, type AdhocFilterValue } from './adhoc';
import { FilterEditor } from './FilterEditor';

interface FilterControlProps {
  name: string;
  value: unknown;
  datasource: ExploreDatasource;
  onChange: (value: unknown) => void;
  /** A column dropped from the dataset panel opens a new filter on it. */
  pendingSubject: string | null;
  onPendingHandled: () => void;
}

/** Adhoc filter pills; each opens the filter editor, "+" adds one. */
export function FilterControl({
  name,
  value,
  datasource,
  onChange,
  pendingSubject,
  onPendingHandled,
}: FilterControlProps) {
  const { token } = theme.useToken();
  const filters = asFilterList(value);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<AdhocFilterValue>(() => newFilter(''));
  const newOpen = editing === 'new';

  useEffect(() => {
    if (pendingSubject === null) return;
    setDraft(newFilter(pendingSubject));
    setEditing('new');
    onPendingHandled();
  }, [pendingSubject, onPendingHandled]);

  const close = () => {
    setEditing(null);
  };
  const save = (filter: AdhocFilterValue) => {
    if (newOpen) onChange([...filters, filter]);
    else if (typeof editing === 'number')
      onChange(filters.map((item, index) => (index === editing ? filter : item)));
    close();
  };

  return (
    <Flex wrap gap={token.marginXXS} data-test={`filters-${name}`}>
      {filters.map((filter, index) => (
        <Popover
          key={filter.filterOptionName}
          trigger="click"
          open={editing === index}
          onOpenChange={(open) => {
            setEditing(open ? index : null);
          }}
          // Popovers without content never report opening, so the editor is always given.
          content={<FilterEditor datasource={datasource} initial={filter} onSave={save} onCancel={close} />}
          destroyOnHidden
        >
          <Tag
            closable
            icon={<FilterOutlined />}
            color="purple"
            onClose={(event) => {
              event.preventDefault();
              onChange(filters.filter((_, position) => position !== index));
            }}
            style={{
              cursor: 'pointer',
              marginInlineEnd: 0,
              paddingBlock: 2,
              maxWidth: '100%',
              whiteSpace: 'normal',
            }}
            data-test="filter-pill"
          >
            {filterLabel(filter)}
          </Tag>
        </Popover>
      ))}
      <Popover
        trigger="click"
        open={newOpen}
        onOpenChange={(open) => {
          if (open) {
            setDraft(newFilter(''));
            setEditing('new');
          } else close();
        }}
        content={
          <FilterEditor
            key={draft.filterOptionName}
            datasource={datasource}
            initial={draft}
            onSave={save}
            onCancel={close}
          />
        }
        destroyOnHidden
      >
        <Button size="small" type="dashed" icon={<PlusOutlined />} data-test={`add-filter-${name}`}>
          {filters.length === 0 ? 'Drop columns here or click' : 'Add filter'}
        </Button>
      </Popover>
    </Flex>
  );
}
