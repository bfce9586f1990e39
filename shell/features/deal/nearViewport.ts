import { useEffect, useRef, useState } from 'react';

/** How far outside the viewport a card is already built, so scrolling rarely meets a placeholder. */
const MARGIN = '1200px 0px';

/**
 * Whether an element has come near the viewport (once true, it stays true). Without IntersectionObserver
 * everything counts as near.
 */
export function useNearViewport<T extends Element>(initially: boolean) {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(initially || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near, reveal: () => setNear(true) };
}
