import type { ListMeta } from './pagination.js';

/** A page of a list as the API answers it (DESIGN §6): `{ data: [rows], meta: { total, page, per_page } }`. */
export interface ListPage<Row> {
  data: Row[];
  meta: ListMeta;
}
