import type { LeadOrigin } from '@lm/contracts/crm';
import { type Database, withTransaction } from '../../db/client';
import { leadListMembers, leadLists, leads } from '../../db/schema';
import { crmAddresses } from './crm.schema';

/** Name of the demo's leads list (the campaign form's segment editor has it to narrow). */
export const DEMO_LEADS_LIST = 'Demo: artists to reach';

/** Genres, countries and sources the demo leads take in turn, so every segment condition has a choice. */
const GENRES = [['indie', 'rock'], ['pop'], ['hip hop'], ['electronic', 'house'], ['jazz'], ['indie', 'pop']];
const COUNTRIES = ['FR', 'DE', 'GB', 'TR', 'AE', 'US', 'MA', null] as const;
const ORIGINS: LeadOrigin[] = ['scraping', 'csv', 'csv', 'scraping', 'csv'];
const FIRST_NAMES = ['Lina', 'Jonas', 'Maya', 'Emre', 'Sami', 'Chloé', 'Noah', 'Aylin', 'Omar', 'Zoé'];

/**
 * Demo CRM data (issue 36 "E-mail campaigns": the segment editor shows something real): 32 artist
 * leads with genres, countries (one in eight unknown) and sources (scraping, CSV import), an address
 * each, most with confirmed consent, one unsubscribed; all in the static list `DEMO_LEADS_LIST`.
 * Idempotent: nothing is added once that list exists.
 */
export async function seedCrmDemo(database: Database): Promise<void> {
  await withTransaction(database, async (tx) => {
    const [list] = await tx.db
      .insert(leadLists)
      .values({ name: DEMO_LEADS_LIST, type: 'static' })
      .onConflictDoNothing()
      .returning({ id: leadLists.id });
    if (!list) return;
    const rows = Array.from({ length: 32 }, (_, i) => {
      const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
      return {
        kind: 'artist' as const,
        spotifyId: `demoCrmArtist${String(i + 1).padStart(3, '0')}`,
        name: `${first} ${['Waves', 'Lights', 'Echo', 'Parade'][i % 4]} ${i + 1}`,
        email: `demo-lead-${i + 1}@example.com`,
        followers: 500 + ((i * 7919) % 48_000),
        genres: GENRES[i % GENRES.length] as string[],
        country: COUNTRIES[i % COUNTRIES.length] ?? null,
        origin: ORIGINS[i % ORIGINS.length] as LeadOrigin,
        firstName: first,
      };
    });
    const inserted = await tx.db
      .insert(leads)
      .values(rows.map(({ firstName: _first, ...lead }) => lead))
      .onConflictDoNothing()
      .returning({ id: leads.id, email: leads.email });
    if (inserted.length === 0) return;
    await tx.db.insert(leadListMembers).values(inserted.map((l) => ({ listId: list.id, leadId: l.id })));
    await tx.db
      .insert(crmAddresses)
      .values(
        rows.map((r, i) => ({
          email: r.email,
          consent:
            i === 5
              ? ('unsubscribed' as const)
              : i % 3 === 2
                ? ('unconfirmed' as const)
                : ('confirmed' as const),
          consentSource: 'import:demo',
          firstName: r.firstName,
          language: (['en', 'fr', 'de', 'tr', 'ar'] as const)[i % 5],
        })),
      )
      .onConflictDoNothing();
  });
}
