import { TOAST_DURATIONS, type ToastType } from '@tessera/contracts';

/** A message shown briefly at the top right (spec 000 §3, Toast). */
export interface Toast {
  id: string;
  toastType: ToastType;
  text: string;
  /** Milliseconds on screen; 0 keeps it until dismissed. */
  duration: number;
  /** When set, the toast is not added while one with the same text is shown. */
  noDuplicate: boolean;
}

export interface ToastOptions {
  duration?: number;
  noDuplicate?: boolean;
}

/** Builds a toast with a random id and the duration of its type unless the options give one. */
export function createToast(toastType: ToastType, text: string, options: ToastOptions = {}): Toast {
  return {
    id: randomToastId(),
    toastType,
    text,
    duration: options.duration ?? TOAST_DURATIONS[toastType],
    noDuplicate: options.noDuplicate ?? false,
  };
}

/** The list with the toast appended, or the same list (by reference) when a noDuplicate toast is refused. */
export function addToast(list: readonly Toast[], toast: Toast): readonly Toast[] {
  if (toast.noDuplicate && list.some((shown) => shown.text === toast.text)) return list;
  return [...list, toast];
}

export function removeToast(list: readonly Toast[], id: string): readonly Toast[] {
  return list.some((toast) => toast.id === id) ? list.filter((toast) => toast.id !== id) : list;
}

// getRandomValues works outside secure contexts too (randomUUID does not, e.g. on plain http hosts).
function randomToastId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return `toast-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
