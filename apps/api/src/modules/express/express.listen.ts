import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { ExpressListenEvent, ExpressPlayer } from '@lm/contracts/express';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { languages, users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { getSettings } from '../settings';
import { expressCampaigns } from './express.schema';
import { campaignListens } from './listens.schema';
import { adapterFor } from './platforms/index';

/*
 * Hear it first: a seller (curator, influencer) decides on a request only after listening
 * to it for `min_listen_seconds` (a setting; 0 turns the rule off). The listening is counted here, on
 * the server, from the player's events (`play`, `progress`, `pause`, `ended`, each with the player's
 * position): between two events while playing, the credit is at most the server time elapsed AND at
 * most the position's advance. A client that only claims to have listened (positions without
 * elapsed time, or time without the position moving) earns nothing. Each event locks the listen row,
 * so two events at once are counted one after the other.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'providers' | 'config' | 'storage'>;
type Campaign = typeof expressCampaigns.$inferSelect;
type ListenRow = typeof campaignListens.$inferSelect;

/** What the seller has heard of a request and what the rule asks. */
export interface ListenProgress {
  listened_seconds: number;
  required_seconds: number;
  can_decide: boolean;
}

const progressOf = (listenedMs: number, requiredSeconds: number): ListenProgress => {
  const listened = Math.floor(listenedMs / 1000);
  return {
    listened_seconds: listened,
    required_seconds: requiredSeconds,
    can_decide: requiredSeconds === 0 || listened >= requiredSeconds,
  };
};

/**
 * The listening one playback event earns, and the row after it: at most the server time since the
 * last event while playing, at most the position's advance (a seek back earns nothing, a seek forward
 * no more than the time that passed). `play` and `progress` leave the row playing, `pause` and `ended`
 * stop it.
 */
export function applyListenEvent(
  row: Pick<ListenRow, 'listenedMs' | 'playingSince' | 'lastPositionMs'>,
  event: ExpressListenEvent,
  now: Date,
): Pick<ListenRow, 'listenedMs' | 'playingSince' | 'lastPositionMs'> {
  const position = Math.round(event.position * 1000);
  let credit = 0;
  if (row.playingSince && row.lastPositionMs !== null) {
    const elapsed = now.getTime() - row.playingSince.getTime();
    const advance = position - row.lastPositionMs;
    credit = Math.max(0, Math.min(elapsed, advance));
  }
  const playing = event.event === 'play' || event.event === 'progress';
  return {
    listenedMs: Math.min(2_000_000_000, row.listenedMs + credit),
    playingSince: playing ? now : null,
    lastPositionMs: position,
  };
}

async function sellerCampaign(tx: Tx, campaignId: number, userId: number): Promise<Campaign> {
  const [c] = await tx.db.select().from(expressCampaigns).where(eq(expressCampaigns.id, campaignId));
  // Only the campaign's seller listens; anyone else (the artist included) finds nothing to listen to.
  if (!c || c.curatorId !== userId) throw new NotFoundError();
  return c;
}

/** What a listen row is about: an express campaign (approve, decline) or a custom campaign (opt-in). */
export type ListenTarget = { campaignId: number } | { customCampaignId: number };

/**
 * Count one playback event of `listenerId` on `target` at the server's `now`: the row is created on
 * the first event and locked for the count.
 * @returns the milliseconds credited so far
 */
async function countEvent(
  tx: Tx,
  target: ListenTarget,
  listenerId: number,
  event: ExpressListenEvent,
  now: Date,
): Promise<number> {
  const express = 'campaignId' in target;
  const column = express ? campaignListens.campaignId : campaignListens.customCampaignId;
  const id = express ? target.campaignId : target.customCampaignId;
  await tx.db
    .insert(campaignListens)
    .values({ ...target, listenerId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [column, campaignListens.listenerId], where: sql`${column} is not null` });
  const [row] = await tx.db
    .select()
    .from(campaignListens)
    .where(and(eq(column, id), eq(campaignListens.listenerId, listenerId)))
    .for('update');
  const next = applyListenEvent(row!, event, now);
  await tx.db
    .update(campaignListens)
    .set({ ...next, updatedAt: now })
    .where(eq(campaignListens.id, row!.id));
  return next.listenedMs;
}

/**
 * One playback event of the seller's player (`POST /api/express/campaigns/{id}/listen`), counted with
 * the server's clock. Events after the decision are accepted and change nothing of the decision.
 * @throws NotFoundError when the caller is not the campaign's seller
 */
export async function recordListen(
  deps: Pick<Deps, 'database' | 'clock'>,
  sellerId: number,
  campaignId: number,
  event: ExpressListenEvent,
): Promise<ListenProgress> {
  const now = deps.clock.now();
  const { min_listen_seconds } = await getSettings(deps.database);
  return withTransaction(deps.database, async (tx) => {
    await sellerCampaign(tx, campaignId, sellerId);
    return progressOf(await countEvent(tx, { campaignId }, sellerId, event, now), min_listen_seconds);
  });
}

/**
 * One playback event of a curator on a published custom campaign (the custom module checks that the
 * curator may see it), counted like {@link recordListen}.
 */
export async function recordCustomListen(
  deps: Pick<Deps, 'database' | 'clock'>,
  curatorId: number,
  customCampaignId: number,
  event: ExpressListenEvent,
): Promise<ListenProgress> {
  const now = deps.clock.now();
  const { min_listen_seconds } = await getSettings(deps.database);
  return withTransaction(deps.database, async (tx) =>
    progressOf(await countEvent(tx, { customCampaignId }, curatorId, event, now), min_listen_seconds),
  );
}

/** Milliseconds `listenerId` has listened to `target` (0 without a listen). */
async function listenedOn(tx: Tx | Database, target: ListenTarget, listenerId: number): Promise<number> {
  const express = 'campaignId' in target;
  const column = express ? campaignListens.campaignId : campaignListens.customCampaignId;
  const [row] = await tx.db
    .select({ ms: campaignListens.listenedMs })
    .from(campaignListens)
    .where(
      and(
        eq(column, express ? target.campaignId : target.customCampaignId),
        eq(campaignListens.listenerId, listenerId),
      ),
    );
  return row?.ms ?? 0;
}

/** Milliseconds the seller has listened to campaign `campaignId` (0 without a listen). */
export const listenedMs = (tx: Tx, campaignId: number, sellerId: number) =>
  listenedOn(tx, { campaignId }, sellerId);

/** What a curator has heard of custom campaign `customCampaignId`, against the rule. */
export async function customListenProgress(
  database: Database,
  customCampaignId: number,
  curatorId: number,
): Promise<ListenProgress> {
  const { min_listen_seconds } = await getSettings(database);
  return progressOf(await listenedOn(database, { customCampaignId }, curatorId), min_listen_seconds);
}

/**
 * The rule at a curator's opt-in to a custom campaign (the decision to take it).
 * @returns the seconds listened
 * @throws ConflictError 409 `express.listen_first` with the seconds left
 */
export async function assertCustomListened(
  database: Database,
  customCampaignId: number,
  curatorId: number,
): Promise<number> {
  const progress = await customListenProgress(database, customCampaignId, curatorId);
  if (!progress.can_decide)
    throw new ConflictError('express.listen_first', {
      seconds: progress.required_seconds - progress.listened_seconds,
    });
  return progress.listened_seconds;
}

/**
 * The rule at a decision (approve, decline): a pending request is decided only after its seller has
 * listened `min_listen_seconds`. Called inside the decision's transaction.
 * @returns the seconds listened, for the timeline note of the decision
 * @throws ConflictError 409 `express.listen_first` with the seconds left
 */
export async function assertListened(tx: Tx, c: Campaign): Promise<number> {
  const ms = await listenedMs(tx, c.id, c.curatorId);
  if (c.statusId !== S.PENDING_APPROVAL) return Math.floor(ms / 1000);
  const { min_listen_seconds } = await getSettings(tx);
  const progress = progressOf(ms, min_listen_seconds);
  if (!progress.can_decide)
    throw new ConflictError('express.listen_first', {
      seconds: min_listen_seconds - progress.listened_seconds,
    });
  return progress.listened_seconds;
}

/**
 * How the seller plays the request: an unreleased song from the artist's upload (every platform),
 * otherwise the platform's player (the adapter's `player`: Spotify's embed, the sandbox's generated
 * preview, a sound's link).
 */
export function playerOf(
  deps: Pick<Deps, 'providers' | 'config' | 'storage'>,
  c: Pick<Campaign, 'campaignTypeId' | 'trackId' | 'trackUrl' | 'isReleased' | 'mediaLink'>,
  requiredSeconds: number,
): ExpressPlayer {
  if (!c.isReleased && c.mediaLink)
    return { kind: 'audio', url: deps.storage.url(c.mediaLink), reports_playback: true };
  const adapter = adapterFor(c.campaignTypeId);
  // A generated preview lasts the listening asked and some, so it never has to loop.
  const seconds = Math.max(30, requiredSeconds + 15);
  return (
    adapter.player?.(deps, c as Campaign, seconds) ?? {
      kind: 'link',
      url: adapter.soundLink(c as Campaign),
      reports_playback: false,
    }
  );
}

/**
 * What the artist's profile tells curators ("what curators see about you"): the artist's name, bio,
 * profile genres and the links they gave, read beside the player of every request page.
 */
export async function artistAbout(db: Database | Tx, artistId: number) {
  const [artist] = await db.db
    .select({
      artistName: users.artistName,
      firstName: users.firstName,
      lastName: users.lastName,
      bio: users.bio,
      genres: users.profileGenres,
      spotify: users.spotifyLink,
      instagram: users.instagramLink,
      facebook: users.facebookLink,
      tiktok: users.tiktokLink,
      twitter: users.twitterLink,
    })
    .from(users)
    .where(eq(users.id, artistId));
  const links = artist
    ? (['spotify', 'instagram', 'facebook', 'tiktok', 'twitter'] as const)
        .filter((kind) => artist[kind])
        .map((kind) => ({ kind, url: artist[kind]! }))
    : [];
  return {
    name: artist ? artist.artistName?.trim() || `${artist.firstName} ${artist.lastName}`.trim() : '',
    bio: artist?.bio ?? null,
    genres: (artist?.genres ?? []).map((g) => g.name),
    links,
  };
}

/**
 * What the seller's request page shows before the decision (`GET /api/express/campaigns/{id}/listen`):
 * the player, the listening so far and the rule, and what the artist tells curators about themselves
 * (pitch, bio, genres, links).
 * @throws NotFoundError when the caller is not the campaign's seller
 */
export async function listenView(deps: Deps, sellerId: number, campaignId: number) {
  const { min_listen_seconds } = await getSettings(deps.database);
  return withTransaction(deps.database, async (tx) => {
    const c = await sellerCampaign(tx, campaignId, sellerId);
    const ms = await listenedMs(tx, campaignId, sellerId);
    const [language] = c.languageId
      ? await tx.db
          .select({ id: languages.id, code: languages.code, name: languages.name })
          .from(languages)
          .where(eq(languages.id, c.languageId))
      : [];
    return {
      campaign_id: c.id,
      ...progressOf(ms, min_listen_seconds),
      player: playerOf(deps, c, min_listen_seconds),
      track: {
        name: c.trackName,
        artist: c.trackArtist,
        url: c.trackUrl,
        is_released: c.isReleased,
        language: language ?? null,
      },
      pitch: c.pitch,
      artist: await artistAbout(tx, c.artistId),
    };
  });
}
