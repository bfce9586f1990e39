import { useEffect, useState } from 'react';
import { $path, navigateTo } from '../../stores/navigation';
import { addressWithSection, sectionInAddress } from './address';

const searchOfAddress = () => (globalThis.location?.hash ?? '').split('?')[1] ?? '';

/**
 * The section the address names, and the moves that change it (each a history entry, so Back retraces them). It
 * listens to the address itself: the router does not announce moves that change only the section.
 */
export function useSettingsAddress() {
  const [search, setSearch] = useState(searchOfAddress);
  useEffect(() => {
    const follow = () => setSearch(searchOfAddress());
    addEventListener('hashchange', follow);
    addEventListener('popstate', follow);
    return () => {
      removeEventListener('hashchange', follow);
      removeEventListener('popstate', follow);
    };
  }, []);
  return {
    sectionId: sectionInAddress(search),
    show: (id: string, options: { replace?: boolean } = {}) => navigateTo(addressWithSection($path.get(), searchOfAddress(), id), options),
    leave: () => navigateTo(addressWithSection($path.get(), searchOfAddress(), null)),
  };
}
