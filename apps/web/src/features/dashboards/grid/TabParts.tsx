import { Typography } from 'antd';
import { useContext } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectLayout } from '../state/dashboard-store';
import { Children, STACK_GAP } from './Children';
import { LayoutEditContext } from './layout-edit-context';
import { metaText } from './widths';

/** In edit mode the active tab's title is editable; an inactive one switches to its tab when clicked. */
export function TabTitle({ id, active = true }: { id: string; active?: boolean }) {
  const tab = useAppSelector((state) => selectLayout(state)[id]);
  const edit = useContext(LayoutEditContext);
  const text = metaText(tab?.meta, 'text') ?? metaText(tab?.meta, 'defaultText') ?? '';
  if (edit !== null)
    return <edit.EditableText componentId={id} text={text} placeholder="Tab title" editOnClick={active} />;
  return <span data-test="dashboard-tab-title">{text === '' ? 'Untitled tab' : text}</span>;
}

export function TabPane({ id, depth }: { id: string; depth: number }) {
  const tab = useAppSelector((state) => selectLayout(state)[id]);
  if (tab === undefined) return null;
  return (
    <div data-test="dashboard-tab-pane" style={{ display: 'flex', flexDirection: 'column', gap: STACK_GAP }}>
      <Children component={tab} depth={depth} />
    </div>
  );
}

/**
 * One tab printed whole under its title (the export layout); the report renderer's print CSS starts each
 * such section on a page of its own.
 */
export function ExportTabSection({ id, depth }: { id: string; depth: number }) {
  return (
    <section data-test="dashboard-export-tab" data-tab-id={id}>
      <Typography.Title level={4} style={{ margin: '8px 0' }}>
        <TabTitle id={id} />
      </Typography.Title>
      <TabPane id={id} depth={depth} />
    </section>
  );
}
