import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'preact/hooks';

/**
 * An atom's value, re-rendering on change (what @nanostores/react's useStore does, for plain atoms and
 * on Preact's own hooks: the widget needs no React API, so it ships without the compat layer).
 */
export function useAtom<T>(store: ReadableAtom<T>): T {
  const [, rerender] = useState(0);
  const value = store.get();
  useEffect(() => {
    const changed = () => rerender((n) => n + 1);
    // A change between this render and the effect would otherwise be missed.
    if (store.get() !== value) changed();
    return store.listen(changed);
  }, [store]);
  return value;
}
