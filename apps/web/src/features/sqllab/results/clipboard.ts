export const COPIED_MESSAGE = 'Copied to clipboard!';
export const COPY_UNSUPPORTED_MESSAGE = 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!';

/** Writes text to the clipboard; false when the browser cannot (no Clipboard API, or permission refused). */
export async function copyText(text: string): Promise<boolean> {
  // The lib types say `clipboard` always exists; insecure origins and old browsers lack it all the same.
  const clipboard = (navigator as Partial<Navigator>).clipboard;
  if (clipboard === undefined || typeof clipboard.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
