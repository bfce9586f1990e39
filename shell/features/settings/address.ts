import { SETTINGS_PARAM } from '../../stores/navigation';

/*
 * The settings overlay lives in the address: the hash route carries ?settings=<section id> beside its own query, so a
 * section is a link, Back goes to the section shown before (or closes the overlay), and a reload reopens it. The
 * screen underneath does not see these moves (shell/stores/navigation.ts OVERLAY_PARAMS).
 */

export function sectionInAddress(search: string): string | null {
  return new URLSearchParams(search).get(SETTINGS_PARAM) || null;
}

/** The address of `path` with the section set, or removed for null; the route's other query parameters stay. */
export function addressWithSection(path: string, search: string, id: string | null): string {
  const params = new URLSearchParams(search);
  if (id) params.set(SETTINGS_PARAM, id);
  else params.delete(SETTINGS_PARAM);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
