/** Shapes shared by many calls. */
export interface SuccessFlag {
  success: boolean;
  message?: string;
  error?: string;
}

export interface PageLinks {
  first: string | null;
  prev: string | null;
  next: string | null;
  last: string | null;
}

export interface PageMeta {
  current_page: number;
  last_page?: number;
  per_page?: number;
  total?: number;
}

/** A paged list answer: data, links, meta (product/list, contact/list, company/list, widget lists). */
export interface Paged<T> {
  data: T[];
  links: PageLinks;
  meta: PageMeta;
}

export interface PageRequest {
  page?: number;
  per_page?: number;
  filter?: Record<string, unknown>;
  sort?: Record<string, 'asc' | 'desc'> | string;
}
