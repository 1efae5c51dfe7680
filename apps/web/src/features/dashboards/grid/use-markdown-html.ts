import { useEffect, useMemo, useState } from 'react';

type Render = (code: string) => string;

let loaded: Render | null = null;
let loading: Promise<Render> | null = null;

/** marked and DOMPurify (~30 KB gzip) load with the first markdown block, not with every dashboard. */
function loadRenderer(): Promise<Render> {
  loading ??= import('./markdown').then((module) => {
    loaded = module.renderMarkdown;
    return loaded;
  });
  return loading;
}

/**
 * `code` as sanitised HTML (see renderMarkdown), or null while the renderer's code downloads; from then
 * on it renders synchronously.
 */
export function useMarkdownHtml(code: string): string | null {
  const [render, setRender] = useState<Render | null>(() => loaded);
  useEffect(() => {
    if (render !== null) return;
    let current = true;
    void loadRenderer().then((next) => {
      if (current) setRender(() => next);
    });
    return () => {
      current = false;
    };
  }, [render]);
  return useMemo(() => (render === null ? null : render(code)), [render, code]);
}
