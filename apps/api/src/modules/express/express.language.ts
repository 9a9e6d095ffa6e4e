import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { languages } from '../../db/schema';
import { ValidationError } from '../../platform/errors';
import { expressCampaigns } from './express.schema';

/** The track's language as views answer it: the ISO 639-1 code (apps name it in the reader's language). */
export type TrackLanguage = { id: number; code: string; name: string };

/**
 * The campaign's track language as a column of a campaign select: `{ id, code, name }` (the English
 * name; the apps name it from `code` in the reader's language), or null for an instrumental or when
 * the artist did not say.
 */
export const trackLanguageSql = sql<TrackLanguage | null>`(select json_build_object('id', l.id, 'code', l.code, 'name', l.name)
    from languages l where l.id = ${expressCampaigns.languageId})`;

/**
 * Checks the language an order names (`language_id`) before anything is written or charged.
 * Issue "Listen, decide, explain", Hear it first: the track's language is read before the decision.
 * @param id a `languages` id, or null/undefined (instrumental or not said: nothing to check)
 * @returns the language as views answer it, or null when none is named
 * @throws ValidationError 422 `validation.invalid` on `language_id` when no such language exists
 */
export async function assertTrackLanguage(
  db: Pick<Database, 'db'>,
  id: number | null | undefined,
): Promise<TrackLanguage | null> {
  if (id === null || id === undefined) return null;
  const [found] = await db.db
    .select({ id: languages.id, code: languages.code, name: languages.name })
    .from(languages)
    .where(eq(languages.id, id));
  if (!found) throw new ValidationError({ language_id: ['validation.invalid'] });
  return found;
}
