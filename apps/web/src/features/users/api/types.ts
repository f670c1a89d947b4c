import type { ListMeta } from '@lajan/domain';

/** A page of a list: `{ data: [rows], meta: { total, page, per_page } }`. */
export interface ListPage<T> {
  data: T[];
  meta: ListMeta;
}
