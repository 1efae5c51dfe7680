import DOMPurify from 'dompurify';
import { marked } from 'marked';

const SAFE_URL = /^(?:https?:|mailto:|tel:|#|\/(?!\/)|\.{0,2}\/|[^:]*$)/i;

/**
 * Markdown as HTML that is safe to inject: no scripts, no event handlers, no javascript: (or other
 * scriptable) links. DOMPurify already drops most of it; the URL check is ours so the rule does not
 * depend on its defaults.
 */
export function renderMarkdown(code: string): string {
  const html = marked.parse(code, { async: false, gfm: true });
  const purifier = DOMPurify();
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName.startsWith('on')) data.keepAttr = false;
    if ((data.attrName === 'href' || data.attrName === 'src') && !SAFE_URL.test(data.attrValue.trim())) {
      data.keepAttr = false;
    }
  });
  return purifier.sanitize(html, {
    FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form'],
  });
}
