import { lazy, Suspense, type ComponentProps } from 'react';

const DrillDetailModal = lazy(() =>
  import('./DrillDetailModal').then((module) => ({ default: module.DrillDetailModal })),
);
const DrillByModal = lazy(() =>
  import('./DrillByModal').then((module) => ({ default: module.DrillByModal })),
);

/**
 * The drill dialogs load when first opened: they bring antd's Table, which a dashboard's or Explore's
 * first screen does not otherwise need (issue #12's first paint).
 */
export function LazyDrillDetailModal(props: ComponentProps<typeof DrillDetailModal>) {
  return (
    <Suspense fallback={null}>
      <DrillDetailModal {...props} />
    </Suspense>
  );
}

export function LazyDrillByModal(props: ComponentProps<typeof DrillByModal>) {
  return (
    <Suspense fallback={null}>
      <DrillByModal {...props} />
    </Suspense>
  );
}
