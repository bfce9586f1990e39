import type { PageLinks } from '../../src/contract/common';

/** A list page's link: `?page=N` (null where there is no such page). */
export const pageLink = (page: number | null): string | null => (page === null ? null : `?page=${page}`);

/** The links and meta of one page of a paged list answer (data, links, meta): always at least one page. */
export function pagingOf(page: number, perPage: number, total: number): { links: PageLinks; meta: { current_page: number; last_page: number; per_page: number; total: number } } {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    links: { first: pageLink(1), prev: pageLink(page > 1 ? page - 1 : null), next: pageLink(page < lastPage ? page + 1 : null), last: pageLink(lastPage) },
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total },
  };
}
