import { lazy, Suspense } from 'react';
import type { ReportModalProps } from './ReportModal';

const ReportModal = lazy(() => import('./ReportModal').then((module) => ({ default: module.ReportModal })));

/**
 * The report dialog for the dashboard and Explore header menus: its code (form, pickers, the SQL editor's
 * loader) downloads when the dialog first opens, not with every dashboard and chart page.
 */
export function LazyReportModal(props: ReportModalProps) {
  return (
    <Suspense fallback={null}>
      <ReportModal {...props} />
    </Suspense>
  );
}
