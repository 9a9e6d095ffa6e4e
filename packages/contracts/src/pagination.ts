import { z } from 'zod';

/**
 * The pagination block of every list answer (`{ data: [...], pagination }`), as a schema: the API
 * serialises lists through it, and contracts whose answers carry a page (the fan grids) build on it.
 * Its type is `Pagination` of `./api`.
 */
export const paginationSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  /** Present and true when `total` is an estimate (a very long list): the apps show "about N". */
  total_estimated: z.boolean().optional(),
});
