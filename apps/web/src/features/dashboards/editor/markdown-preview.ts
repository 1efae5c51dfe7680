import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * Markdown to HTML for the editor's preview, sanitised like the view: DOMPurify drops scripts, event
 * handler attributes and javascript: links; forms and frames are forbidden outright.
 */
export function renderMarkdownPreview(code: string): string {
  const html = marked.parse(code, { async: false, gfm: true });
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
