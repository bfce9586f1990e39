/**
 * The archive screen's list: one tab at a time, its page and search sent to the server; only the newest
 * request writes, so a slow answer to an older search never replaces a newer one.
 */
import { atom } from 'nanostores';
import type { ArchivePageMeta } from './api';
import { $token } from '../../../src/stores/session';
import { listArchived, unarchive } from './api';
import type { ArchivedItem, ArchiveTab } from './rows';

export const ARCHIVE_PER_PAGE = 20;

export interface ArchiveState {
  tab: ArchiveTab;
  page: number;
  search: string;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  items: readonly ArchivedItem[];
  meta: ArchivePageMeta | null;
}

const initial = (): ArchiveState => ({ tab: 'products', page: 1, search: '', status: 'idle', items: [], meta: null });

export const $archive = atom<ArchiveState>(initial());

let latest = 0;

export async function loadArchive(): Promise<void> {
  const ticket = ++latest;
  const asked = $archive.get();
  $archive.set({ ...asked, status: 'loading' });
  const result = await listArchived(asked.tab, { page: asked.page, per_page: ARCHIVE_PER_PAGE, search: asked.search });
  if (ticket !== latest) return;
  const state = $archive.get();
  if (!result.ok) {
    $archive.set({ ...state, status: 'failed' });
    return;
  }
  const lastPage = Math.max(1, result.data.meta.last_page ?? 1);
  // The last item of the last page went back: show the page before instead of an empty one.
  if (result.data.data.length === 0 && state.page > lastPage) return change({ page: lastPage });
  $archive.set({ ...state, status: 'ready', items: result.data.data, meta: result.data.meta });
}

function change(patch: Partial<ArchiveState>): Promise<void> {
  $archive.set({ ...$archive.get(), ...patch });
  return loadArchive();
}

/** Another tab starts on its first page, with the search kept (people look for one name across tabs). */
export const chooseTab = (tab: ArchiveTab) => change({ tab, page: 1, items: [], meta: null });
export const searchArchive = (search: string) => change({ search, page: 1 });
export const showPage = (page: number) => change({ page: Math.max(1, Math.floor(page)) });

/** Takes the item out of the archive and reloads the page; false when the server refused (its text is shown). */
export async function unarchiveItem(id: number): Promise<boolean> {
  const result = await unarchive($archive.get().tab, id);
  if (result.ok) await loadArchive();
  return result.ok;
}

export function resetArchive(): void {
  latest += 1;
  $archive.set(initial());
}

// Another session must not see this one's archive.
$token.listen(() => resetArchive());
