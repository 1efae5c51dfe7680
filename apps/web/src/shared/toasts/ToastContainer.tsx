import type { Toast } from '@tessera/core';
import { useEffect, useState, type ComponentType } from 'react';
import { useSelector } from 'react-redux';
import { PlainToastList } from './PlainToastList';
import { selectToasts } from './toasts-slice';

export type ToastListComponent = ComponentType<{ toasts: readonly Toast[] }>;

const loadToastList = (): Promise<ToastListComponent> => import('./ToastList').then((m) => m.ToastList);

/**
 * The styled list (antd Alert) is its own chunk, downloaded when the app starts rather than with the
 * first toast: that toast often says the server is gone, and the download would fail with it. Until the
 * chunk is there, or if it never comes, the plain list shows the toasts; each new toast retries the
 * download after a failure.
 */
export function ToastContainer({
  loadList = loadToastList,
}: {
  loadList?: () => Promise<ToastListComponent>;
}) {
  const toasts = useSelector(selectToasts);
  const [List, setList] = useState<ToastListComponent>();
  const [failures, setFailures] = useState(0);
  const retryWith = failures === 0 ? undefined : toasts.at(-1)?.id;

  useEffect(() => {
    if (List !== undefined) return undefined;
    let live = true;
    loadList().then(
      (loaded) => {
        if (live) setList(() => loaded);
      },
      () => {
        if (live) setFailures((count) => count + 1);
      },
    );
    return () => {
      live = false;
    };
  }, [List, loadList, retryWith]);

  if (toasts.length === 0) return null;
  return List === undefined ? <PlainToastList toasts={toasts} /> : <List toasts={toasts} />;
}
