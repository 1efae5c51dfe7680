import { useLayoutEffect, useRef, useState } from 'react';

const MIN_HEIGHT = 480;

/** A height that takes the element from where it starts down to the window's bottom, less `bottomGap`. */
export function useFillViewport(bottomGap: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(MIN_HEIGHT);
  useLayoutEffect(() => {
    const update = () => {
      const element = ref.current;
      if (element === null) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - bottomGap)));
    };
    update();
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('resize', update);
    };
  }, [bottomGap]);
  return { ref, height };
}
