import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The query parameter with which the top bar's '+' menu asks a list page to open its add dialog. */
export const ADD_PARAM = 'add';

/** `path?add=1`: the list page at `path` with its add dialog open. */
export function addDialogPath(path: string): string {
  return `${path}?${ADD_PARAM}=1`;
}

/**
 * Calls `open` when the address carries ?add=1, then drops the parameter so a reload or Back does not
 * open the dialog again. Runs on every change of the address, so it works on the page already shown.
 */
export function useAddParam(open: () => void): void {
  const [params, setParams] = useSearchParams();
  const asked = params.has(ADD_PARAM);
  useEffect(() => {
    if (!asked) return;
    open();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ADD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, open, setParams]);
}
