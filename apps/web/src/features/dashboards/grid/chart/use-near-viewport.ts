import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within one screen of the viewport, and from then on; true at once when
 * `loadAll` (report mode, printing, exporting) or where IntersectionObserver is missing.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, loadAll: boolean): boolean {
  const [seen, setSeen] = useState(false);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    if (seen || loadAll || !observable) return;
    const element = ref.current;
    if (element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${String(window.innerHeight)}px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref, seen, loadAll, observable]);
  return seen || loadAll || !observable;
}
