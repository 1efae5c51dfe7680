export const COPIED_MESSAGE = 'Copied to clipboard!';
export const COPY_UNSUPPORTED_MESSAGE = 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!';

/** Copies text; false when the browser refuses (no clipboard API, insecure context, denied). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && 'clipboard' in navigator) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the selection-based copy below.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    // The legacy path for plain-http deployments, where navigator.clipboard does not exist.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    const done = document.execCommand('copy');
    area.remove();
    return done;
  } catch {
    return false;
  }
}

/** The iframe snippet for embedding a chart (its standalone view). */
export function embedSnippet(chartUrl: string, width = 600, height = 400): string {
  const separator = chartUrl.includes('?') ? '&' : '?';
  return `<iframe\n  width="${String(width)}"\n  height="${String(height)}"\n  seamless\n  frameBorder="0"\n  scrolling="no"\n  src="${chartUrl}${separator}standalone=1&height=${String(height)}"\n>\n</iframe>`;
}
