import type { ToastOptions } from '@tessera/core';
import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { toastAdded } from './toasts-slice';

export interface ToastApi {
  addInfoToast: (text: string, options?: ToastOptions) => void;
  addSuccessToast: (text: string, options?: ToastOptions) => void;
  addWarningToast: (text: string, options?: ToastOptions) => void;
  addDangerToast: (text: string, options?: ToastOptions) => void;
}

/** Shows toasts at the top right; durations come from TOAST_DURATIONS unless the options give one. */
export function useToasts(): ToastApi {
  const dispatch = useDispatch();
  return useMemo(
    () => ({
      addInfoToast: (text, options) => dispatch(toastAdded('info', text, options)),
      addSuccessToast: (text, options) => dispatch(toastAdded('success', text, options)),
      addWarningToast: (text, options) => dispatch(toastAdded('warning', text, options)),
      addDangerToast: (text, options) => dispatch(toastAdded('danger', text, options)),
    }),
    [dispatch],
  );
}
