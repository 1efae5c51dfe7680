import { useCallback } from 'react';
import { useToasts } from '../../../shared/toasts/use-toasts';
import { COPIED_MESSAGE, COPY_UNSUPPORTED_MESSAGE, copyText } from './clipboard';

/** Copies text and says how it went ('Copied to clipboard!' or how to copy by hand). */
export function useCopy(): (text: string) => Promise<void> {
  const { addSuccessToast, addDangerToast } = useToasts();
  return useCallback(
    async (text: string) => {
      if (await copyText(text)) addSuccessToast(COPIED_MESSAGE);
      else addDangerToast(COPY_UNSUPPORTED_MESSAGE);
    },
    [addSuccessToast, addDangerToast],
  );
}
