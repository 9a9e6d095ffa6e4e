import type { Language } from '@lm/contracts';
import { BULK_MAX_ITEMS, type BulkItemResult, type BulkResult } from '@lm/contracts/bulk';
import { AppError, ValidationError } from './errors';
import { t } from './i18n';

/**
 * What one item's action says when it succeeds: nothing (the action's usual outcome), or a message
 * key telling what was done instead (a payout's first approval of two).
 */
export type BulkItemOutcome = undefined | { note: string };

/**
 * Run one action over many records (issue 36, bulk actions of the back-office lists): each id, once,
 * in the order given, through `each`, which is the single action's own service call, so the same
 * rules, audit entries and notifications apply, each in its own transaction. An item refused by the
 * service (an `AppError`: 404, 409, 422, 502...) is reported with its message in `lang` and the next
 * item runs; any other error stops the run (a fault, answered as one).
 * @param ids record ids as asked (duplicates run once)
 * @param each the single action for one id
 * @param lang the reader's language for the refusals
 * @returns per item `ok` or the refusal, and the counts
 * @throws ValidationError 422 `bulk.none` for no id, `bulk.too_many` for more than BULK_MAX_ITEMS
 */
export async function runBulk(
  ids: number[],
  each: (id: number) => Promise<BulkItemOutcome>,
  lang: Language,
): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new ValidationError({ ids: ['bulk.none'] });
  if (unique.length > BULK_MAX_ITEMS)
    throw new ValidationError({ ids: [{ key: 'bulk.too_many', params: { max: BULK_MAX_ITEMS } }] });
  const results: BulkItemResult[] = [];
  for (const id of unique) {
    try {
      const outcome = await each(id);
      results.push({
        id,
        ok: true,
        code: outcome?.note ?? null,
        message: outcome ? t(lang, outcome.note) : null,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({
        id,
        ok: false,
        code: err.messageKey,
        message: t(lang, err.messageKey, err.options.params),
      });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, refused: results.length - succeeded };
}
