import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { selectToasts } from './toasts-slice';

// The list (antd Alert and friends) loads with the first toast, not with every page.
const ToastList = lazy(() => import('./ToastList').then((module) => ({ default: module.ToastList })));

export function ToastContainer() {
  const toasts = useSelector(selectToasts);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={toasts} />
    </Suspense>
  );
}
