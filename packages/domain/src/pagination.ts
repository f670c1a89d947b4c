import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { translate } from './i18n.js';

/** `page` from 1, `per_page` 10 by default, above 100 lowered to 100 (never refused). */
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;

// Read when a query parses, in the request's language (decision 236).
const badPage = { error: () => translate(msg`Numéro de page invalide`) };
const badPerPage = { error: () => translate(msg`Nombre de lignes par page invalide`) };

/** The `page` and `per_page` of a list's query string (they arrive as text). */
export const paginationQuerySchema = z.object({
  page: z.coerce.number(badPage).int(badPage).min(1, badPage).default(1),
  per_page: z.coerce
    .number(badPerPage)
    .int(badPerPage)
    .min(1, badPerPage)
    .default(DEFAULT_PER_PAGE)
    .transform((value) => Math.min(value, MAX_PER_PAGE)),
});
export type PaginationQuery = z.output<typeof paginationQuerySchema>;

export const listMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** `{ data: [rows], meta: { total, page, per_page } }`. */
export function listResponseSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

/** The history's page summary (SPEC §7 `GET /transactions/history`): its own shape, older than `meta`. */
export const paginationSchema = z.object({
  total: z.number(),
  total_pages: z.number(),
  firstItem: z.number(),
  lastItem: z.number(),
});
export type Pagination = z.infer<typeof paginationSchema>;
