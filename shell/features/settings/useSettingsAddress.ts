import { useEffect, useState } from 'react';
import { $path, navigateTo, onLocationChange } from '../../stores/navigation';
import { addressWithSection, sectionInAddress } from './address';

const searchOfAddress = () => (globalThis.location?.hash ?? '').split('?')[1] ?? '';

/** The section the address names, and the moves that change it (each a history entry, so Back retraces them). */
export function useSettingsAddress() {
  const [search, setSearch] = useState(searchOfAddress);
  useEffect(() => onLocationChange((change) => setSearch(change.search)), []);
  return {
    sectionId: sectionInAddress(search),
    show: (id: string, options: { replace?: boolean } = {}) => navigateTo(addressWithSection($path.get(), searchOfAddress(), id), options),
    leave: () => navigateTo(addressWithSection($path.get(), searchOfAddress(), null)),
  };
}
