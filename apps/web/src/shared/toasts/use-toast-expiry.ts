import type { Toast } from '@tessera/core';
import { useEffect } from 'react';

/** Dismisses a toast once its duration has passed; a duration of 0 or less keeps it until dismissed. */
export function useToastExpiry(toast: Toast, onDismiss: (id: string) => void): void {
  useEffect(() => {
    if (toast.duration <= 0) return undefined;
    const timer = setTimeout(() => {
      onDismiss(toast.id);
    }, toast.duration);
    return () => {
      clearTimeout(timer);
    };
  }, [toast.id, toast.duration, onDismiss]);
}
