import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { crmAddresses } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import type { SpotifyArtistProfile } from '../../providers/spotify/contract';
import { spotifyProfileUrl } from '../../providers/spotify/links';
import { type AuditActor, audit } from '../audit';
import { type FieldSource, leadListMembers, leadLists, leadSuppressions, leads } from './leads.schema';

/**
 * Leads (the CRM builds on them): artists and curators found by the scraping
 * tool, one per Spotify id and kind, every field with its source and time, and erasure that keeps a
 * person out for good (GDPR articles 14 and 17). Every insert goes through this file, which checks
 * the suppression list under a per-identity lock that erasure takes too, so an erase and a scrape of
 * the same person never interleave.
 */
export type LeadKind = 'artist' | 'curator';
export type Lead = typeof leads.$inferSelect;

/** A lead written by an upsert: its id, and whether this upsert created it. */
export interface UpsertedLead {
  id: number;
  spotifyId: string;
  inserted: boolean;
}

/** A public website of a lead to read for a contact address. */
export interface LeadWebsite {
  leadId: number;
  url: string;
}

/**
 * SHA-256 (hex) of a suppression identifier: `artist:<spotify id>`, `curator:<spotify id>` or
 * `email:<address, trimmed, lower case>`. Only these hashes are kept for erased leads.
 */
export function suppressionHash(kind: LeadKind | 'email', value: string): string {
  const normalised = kind === 'email' ? value.trim().toLowerCase() : value;
  return createHash('sha256').update(`${kind}:${normalised}`).digest('hex');
}

/**
 * Serialise writers of the same people: a transaction-scoped advisory lock per identity, taken in a
 * fixed order (so two transactions locking overlapping sets cannot deadlock).
 */
async function lockIdentities(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  const list = sql.join(
    sorted.map((k) => sql`${k}`),
    sql`, `,
  );
  await tx.db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(array[${list}]::text[]) with ordinality as t(k, n) order by n`,
  );
}

/** The hashes among `hashes` that are suppressed. */
async function suppressed(tx: Tx, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await tx.db
    .select({ hash: leadSuppressions.valueHash })
    .from(leadSuppressions)
    .where(inArray(leadSuppressions.valueHash, [...hashes]));
  return new Set(rows.map((r) => r.hash));
}

const source = (url: string, at: Date): FieldSource => ({ source: url, found_at: at.toISOString() });

/**
 * Insert or refresh artist leads from their Spotify profiles, inside `tx`: erased artists are skipped
 * (counted in `suppressed`); a known artist gets the profile's fields and their provenance (the
 * artist's Spotify page, `at`), keeping its address and other fields. Websites that are new to a
 * lead are answered so the caller can queue them for the contact crawler.
 * @param jobId the scraping job reading them (kept as `first_job_id` on new leads)
 */
export async function upsertArtistLeads(
  tx: Tx,
  profiles: readonly SpotifyArtistProfile[],
  context: { jobId: number; at: Date },
): Promise<{ leads: Map<string, UpsertedLead>; suppressed: number; websites: LeadWebsite[] }> {
  const unique = [...new Map(profiles.map((p) => [p.id, p])).values()];
  const result = { leads: new Map<string, UpsertedLead>(), suppressed: 0, websites: [] as LeadWebsite[] };
  if (unique.length === 0) return result;
  await lockIdentities(
    tx,
    unique.map((p) => `lead:artist:${p.id}`),
  );
  const erased = await suppressed(
    tx,
    unique.map((p) => suppressionHash('artist', p.id)),
  );
  const allowed = unique.filter((p) => !erased.has(suppressionHash('artist', p.id)));
  result.suppressed = unique.length - allowed.length;
  if (allowed.length === 0) return result;
  const at = context.at;
  const rows = allowed.map((p) => {
    const from = source(p.externalUrl, at);
    const provenance: Record<string, FieldSource> = {
      name: from,
      spotify_url: from,
      genres: from,
      ...(p.followers !== null ? { followers: from } : {}),
      ...(p.popularity !== null ? { popularity: from } : {}),
      ...(p.imageUrl ? { image_url: from } : {}),
    };
    for (const kind of Object.keys(p.links)) provenance[`links.${kind}`] = from;
    return {
      kind: 'artist' as const,
      spotifyId: p.id,
      name: p.name.slice(0, 300) || p.id,
      followers: p.followers,
      popularity: p.popularity,
      genres: p.genres,
      imageUrl: p.imageUrl,
      spotifyUrl: p.externalUrl,
      links: p.links,
      provenance,
      firstJobId: context.jobId,
      profileFetchedAt: at,
      createdAt: at,
      updatedAt: at,
    };
  });
  const written = await tx.db
    .insert(leads)
    .values(rows)
    .onConflictDoUpdate({
      target: [leads.kind, leads.spotifyId],
      set: {
        name: sql`excluded.name`,
        followers: sql`coalesce(excluded.followers, ${leads.followers})`,
        popularity: sql`coalesce(excluded.popularity, ${leads.popularity})`,
        genres: sql`excluded.genres`,
        imageUrl: sql`coalesce(excluded.image_url, ${leads.imageUrl})`,
        links: sql`${leads.links} || excluded.links`,
        provenance: sql`${leads.provenance} || excluded.provenance`,
        profileFetchedAt: sql`excluded.profile_fetched_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({
      id: leads.id,
      // Never null here: these rows were written by their Spotify id.
      spotifyId: sql<string>`${leads.spotifyId}`,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  const byId = new Map(allowed.map((p) => [p.id, p]));
  for (const row of written) {
    result.leads.set(row.spotifyId, row);
    const website = byId.get(row.spotifyId)?.links.website;
    if (website) result.websites.push({ leadId: row.id, url: website });
  }
  return result;
}

/**
 * Insert or refresh the curator lead of a playlist's owner, inside `tx`; null when the curator was
 * erased. A contact address or website read from the playlist's public description is recorded with
 * that playlist as its source (an erased address is not recorded).
 */
export async function upsertCuratorLead(
  tx: Tx,
  input: {
    spotifyId: string;
    name: string | null;
    email: string | null;
    website: string | null;
    /** The playlist page the owner and the description were read from. */
    playlistUrl: string;
    jobId: number;
    at: Date;
  },
): Promise<(UpsertedLead & { websites: LeadWebsite[] }) | null> {
  const emailHash = input.email ? suppressionHash('email', input.email) : null;
  await lockIdentities(tx, [`lead:curator:${input.spotifyId}`]);
  const erased = await suppressed(tx, [
    suppressionHash('curator', input.spotifyId),
    ...(emailHash ? [emailHash] : []),
  ]);
  if (erased.has(suppressionHash('curator', input.spotifyId))) return null;
  const email = input.email && emailHash && !erased.has(emailHash) ? input.email.trim().toLowerCase() : null;
  const from = source(input.playlistUrl, input.at);
  const profileUrl = spotifyProfileUrl('user', input.spotifyId);
  const provenance: Record<string, FieldSource> = { name: from, spotify_url: from };
  if (email) provenance.email = from;
  if (input.website) provenance['links.website'] = from;
  const [row] = await tx.db
    .insert(leads)
    .values({
      kind: 'curator',
      spotifyId: input.spotifyId,
      name: (input.name || input.spotifyId).slice(0, 300),
      spotifyUrl: profileUrl,
      email,
      links: input.website ? { website: input.website } : {},
      provenance,
      firstJobId: input.jobId,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .onConflictDoUpdate({
      target: [leads.kind, leads.spotifyId],
      set: {
        name: sql`excluded.name`,
        // An address already known is kept with its own provenance; a first one is added.
        email: sql`coalesce(${leads.email}, excluded.email)`,
        links: sql`${leads.links} || excluded.links`,
        // The playlist's fields take the new time; an address keeps the provenance of the one kept.
        provenance: sql`${leads.provenance} || (excluded.provenance - 'email') || case when ${leads.email} is null and excluded.email is not null then jsonb_build_object('email', excluded.provenance -> 'email') else '{}'::jsonb end`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({
      id: leads.id,
      spotifyId: sql<string>`${leads.spotifyId}`,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  if (!row) return null;
  return { ...row, websites: input.website ? [{ leadId: row.id, url: input.website }] : [] };
}

/**
 * Record a contact address found for a lead (the first one found is kept), inside `tx`, with where
 * and when it was found; false when the address was erased before, the lead is gone or already has one.
 */
export async function recordLeadEmail(
  tx: Tx,
  leadId: number,
  email: string,
  from: { source: string; at: Date },
): Promise<boolean> {
  const [lead] = await tx.db
    .select({ kind: leads.kind, spotifyId: leads.spotifyId })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead) return false;
  await lockIdentities(tx, [`lead:${lead.kind}:${lead.spotifyId}`]);
  const address = email.trim().toLowerCase();
  if ((await suppressed(tx, [suppressionHash('email', address)])).size > 0) return false;
  const updated = await tx.db
    .update(leads)
    .set({
      email: address,
      provenance: sql`${leads.provenance} || ${JSON.stringify({ email: source(from.source, from.at) })}::jsonb`,
      updatedAt: from.at,
    })
    .where(and(eq(leads.id, leadId), sql`${leads.email} is null`))
    .returning({ id: leads.id });
  return updated.length > 0;
}

/**
 * Erase a lead on request (GDPR article 17): in one
 * transaction, under the lead's identity lock, write the suppression hashes of its Spotify id and
 * address, delete the lead (its job links, list memberships and website visits go with it; jobs keep
 * their counts) and audit `leads.erase` with the lead's id and kind only.
 * @throws NotFoundError when no such lead exists
 */
export async function eraseLead(
  deps: Pick<AppDeps, 'database'>,
  leadId: number,
  actor: AuditActor,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [lead] = await tx.db.select().from(leads).where(eq(leads.id, leadId)).for('update');
    if (!lead) throw new NotFoundError('leads.not_found');
    // A lead without a Spotify id (CSV import, registered artist) is known by its address only.
    await lockIdentities(tx, [
      lead.spotifyId ? `lead:${lead.kind}:${lead.spotifyId}` : `lead:${lead.kind}:${lead.id}`,
    ]);
    const hashes = lead.spotifyId ? [suppressionHash(lead.kind, lead.spotifyId)] : [];
    if (lead.email) hashes.push(suppressionHash('email', lead.email));
    await tx.db
      .insert(leadSuppressions)
      .values(
        hashes.map((valueHash) => ({
          valueHash,
          reason: 'erasure',
          erasedBy: actor.type === 'admin' ? (actor.id ?? null) : null,
        })),
      )
      .onConflictDoNothing();
    await tx.db.delete(leads).where(eq(leads.id, leadId));
    // The address's consent record goes too (the suppression hash is all that is kept).
    if (lead.email) await tx.db.delete(crmAddresses).where(eq(crmAddresses.email, lead.email.toLowerCase()));
    await audit(
      deps.database,
      actor,
      { action: 'leads.erase', targetType: 'lead', targetId: leadId, meta: { kind: lead.kind } },
      tx,
    );
  });
}

/**
 * Add leads to the list named `name` (any case), creating it when no list has that name, inside `tx`.
 * Leads already in it stay once.
 * @returns the list and how many leads were added and were already there
 */
export async function addLeadsToList(
  tx: Tx,
  name: string,
  leadIds: readonly number[],
  adminId: number | null,
): Promise<{ listId: number; listName: string; created: boolean; added: number; already: number }> {
  const listName = name.trim();
  const created = await tx.db.execute<{ id: number }>(
    sql`insert into ${leadLists} (name, created_by) values (${listName}, ${adminId})
        on conflict (lower(name)) do nothing returning id`,
  );
  const [list] = await tx.db
    .select({ id: leadLists.id, name: leadLists.name })
    .from(leadLists)
    .where(sql`lower(${leadLists.name}) = lower(${listName})`);
  if (!list) throw new Error('lead list vanished after its insert');
  const ids = [...new Set(leadIds)];
  let added = 0;
  if (ids.length > 0) {
    const rows = await tx.db
      .insert(leadListMembers)
      .values(ids.map((leadId) => ({ listId: list.id, leadId, addedBy: adminId })))
      .onConflictDoNothing()
      .returning({ leadId: leadListMembers.leadId });
    added = rows.length;
  }
  return {
    listId: list.id,
    listName: list.name,
    created: created.rows.length > 0,
    added,
    already: ids.length - added,
  };
}
