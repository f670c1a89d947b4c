import type { ListMeta } from './pagination.js';

/** A page of a list as the API answers it: `{ data: [rows], meta: { total, page, per_page } }`. */
export interface ListPage<Row> {
  data: Row[];
  meta: ListMeta;
}
