import type { LayoutComponent } from '@tessera/contracts';

const TYPE_LABELS: Partial<Record<LayoutComponent['type'], string>> = {
  TABS: 'Tabs',
  TAB: 'Tab',
  ROW: 'Row',
  COLUMN: 'Column',
  HEADER: 'Header',
  MARKDOWN: 'Markdown',
  DIVIDER: 'Divider',
  CHART: 'Chart',
};

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A short name for a component in the drag overlay and the handles' accessible names. */
export function componentLabel(component: LayoutComponent): string {
  const meta = component.meta ?? {};
  const typeLabel = TYPE_LABELS[component.type] ?? component.type;
  const own = text(meta.sliceNameOverride) ?? text(meta.sliceName) ?? text(meta.text);
  return own === undefined ? typeLabel : `${typeLabel}: ${own}`;
}
