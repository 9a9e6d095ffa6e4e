import { z } from 'zod';

/**
 * Bulk actions of the back-office lists (issue 36 "Lists"): staff select rows and apply one action to
 * all of them; the API runs each item through the single action's own service and answers per item.
 */

/** Most items one bulk request may name; more is refused with 422 `bulk.too_many`. */
export const BULK_MAX_ITEMS = 100;

/**
 * The items of a bulk request: record ids (whole numbers from 1). The count (1 to
 * {@link BULK_MAX_ITEMS}) is checked by the API's bulk runner, which names the limit in its message.
 */
export const bulkIdsSchema = z.array(
  z.number({ error: 'validation.invalid' }).int('validation.invalid').positive('validation.invalid'),
  {
    error: 'validation.invalid',
  },
);

/** Body of a bulk action without options (approve). */
export const bulkIdsBody = z.object({ ids: bulkIdsSchema });

/** What happened to one item: done (`ok`), or refused with the single action's error (key and words). */
export const bulkItemResultSchema = z.object({
  id: z.number(),
  ok: z.boolean(),
  /** The message key: the refusal's, or what was done when it differs from the action's usual outcome. */
  code: z.string().nullable(),
  /** `code` in the reader's language. */
  message: z.string().nullable(),
});
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;

/** Answer of a bulk action: every item in the order asked, and the counts. */
export const bulkResultSchema = z.object({
  results: z.array(bulkItemResultSchema),
  succeeded: z.number(),
  refused: z.number(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
