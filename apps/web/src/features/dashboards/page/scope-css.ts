/**
 * Scopes a dashboard's CSS to its root element: every selector is prefixed with `#rootId`, rules inside
 * @media/@supports are scoped too, and @import/@charset/@namespace are dropped. Not a full CSS parser:
 * brace matching is enough for what a dashboard's CSS editor holds, and unbalanced input is cut off.
 */
export function scopeCss(css: string, rootId: string): string {
  const prefix = `#${rootId}`;
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return scopeBlock(source, prefix);
}

const NESTED_AT_RULES = /^@(media|supports|container|layer)\b/i;
const DROPPED_AT_RULES = /^@(import|charset|namespace)\b/i;

function scopeSelectors(selectors: string, prefix: string): string {
  return selectors
    .split(',')
    .map((selector) => selector.trim())
    .filter((selector) => selector !== '')
    .map((selector) => {
      // The dashboard's own root is `:root`/`html`/`body` from the author's point of view.
      const rooted = selector.replace(/^(:root|html|body)\b/i, '');
      return rooted === '' ? prefix : `${prefix} ${rooted.trim()}`;
    })
    .join(', ');
}

function scopeBlock(source: string, prefix: string): string {
  const out: string[] = [];
  let index = 0;
  while (index < source.length) {
    const open = source.indexOf('{', index);
    const semicolon = source.indexOf(';', index);
    if (semicolon !== -1 && (open === -1 || semicolon < open)) {
      // A statement outside any block is an at-rule such as @import: none may reach outside.
      index = semicolon + 1;
      continue;
    }
    if (open === -1) break;
    const head = source.slice(index, open).trim();
    const close = matchingBrace(source, open);
    if (close === -1) break;
    const inner = source.slice(open + 1, close);
    if (DROPPED_AT_RULES.test(head)) {
      index = close + 1;
      continue;
    }
    if (NESTED_AT_RULES.test(head)) {
      out.push(`${head} {\n${scopeBlock(inner, prefix)}\n}`);
    } else if (head.startsWith('@')) {
      // @keyframes, @font-face: their bodies are not selectors.
      out.push(`${head} {${inner}}`);
    } else {
      const selectors = scopeSelectors(head, prefix);
      if (selectors !== '') out.push(`${selectors} {${inner.replace(/[{}]/g, '')}}`);
    }
    index = close + 1;
  }
  return out.join('\n');
}

function matchingBrace(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === '{') depth += 1;
    else if (source[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}
