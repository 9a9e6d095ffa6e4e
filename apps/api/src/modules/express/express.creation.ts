import { EXPRESS_CAMPAIGN_STATUS as S, USER_TYPES } from '@lm/contracts';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { flushWrites, readBeforeBegin, type Tx, withTransaction, writeLaterInsert } from '../../db/client';
import { isUniqueViolation, pgErrorOf } from '../../db/pg-error';
import { organisationBudgets, users } from '../../db/schema';
import type { Principal } from '../../platform/access';
import type { AppDeps } from '../../platform/app';
import { ConflictError, ValidationError } from '../../platform/errors';
import type { PurchaseRow } from '../accounts';
import { type AuditActor, audit } from '../audit';
import { getSettings, rememberSettings, type SettingsMap, settingsFrom } from '../settings';
import { DESC, hold, holdAtCommit, InsufficientBalanceError, ledgerRefusal } from '../wallet';
import { emitWebhook } from '../webhooks';
import { assertTrackLanguage } from './express.language';
import { answerDeadlineFrom, type Campaign, scheduleAnswerJobs } from './express.machine';
import { tellUser } from './express.notify';
import type { WrittenCampaign } from './express.queries';
import { expressCampaignEvents, expressCampaigns } from './express.schema';
import {
  type ExpressPlatformAdapter,
  type ExpressTarget,
  RESERVED_IDS,
  type ReservedIds,
} from './platforms/adapter';
import { spotifyAdapter } from './platforms/index';

/*
 * Making express campaigns, for every platform: the checks of a request, one campaign row and one coin
 * hold per target in one transaction, the sellers told; and staff ordering for an artist. Card-paid
 * requests come here from `express.checkout.ts` once the card's coins are credited.
 */

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/** At most this many playlists in one campaign request. */
export const MAX_PLAYLISTS_PER_REQUEST = 20;

/**
 * Create one Spotify campaign per chosen playlist for a track (`express/artist/campaign/create`): the
 * Spotify form of {@link createCampaignsFor}; the track link must be a Spotify track link
 * ('Not A valid Track').
 * @param outer run inside this transaction instead of a new one (the card-paid path)
 * @returns the created campaigns (status 1 Pending for Approval)
 * @throws see {@link createCampaignsFor}
 */
export async function createCampaigns(
  deps: Deps,
  artistId: number,
  input: {
    track_link: string;
    playlist_ids: number[];
    renewedFromId?: number;
    paymentMethod?: 'coins' | 'card';
    /** The artist's pitch for the curator, already checked: at most 140 characters. */
    pitch?: string | null;
    /** The artist's declaration (see {@link createCampaignsFor}). */
    made_with_ai?: boolean | null;
    /** The track's language (see {@link createCampaignsFor}). */
    language_id?: number | null;
    /** Sound and settings read before `outer` was opened (see {@link CampaignPreparation}). */
    prepared?: CampaignPreparation;
    /** Staff ordering for the artist (`/api/admin/express/checkout`): see {@link StaffActor}. */
    byStaff?: StaffActor;
    /** Read with the request's token (the `purchase` preload): see {@link createCampaignsFor}. */
    preloaded?: PurchasePreload;
    /** The organisation acting for the artist: see {@link createCampaignsFor}. */
    organisationId?: number;
  },
  outer?: Tx,
): Promise<CreatedCampaign[]> {
  return createCampaignsFor(
    deps,
    spotifyAdapter,
    artistId,
    {
      soundLink: input.track_link,
      targetIds: input.playlist_ids,
      renewedFromId: input.renewedFromId,
      paymentMethod: input.paymentMethod,
      errorField: 'playlist_ids',
      pitch: input.pitch,
      madeWithAi: input.made_with_ai,
      languageId: input.language_id,
      prepared: input.prepared,
      byStaff: input.byStaff,
      preloaded: input.preloaded,
      organisationId: input.organisationId,
    },
    outer,
  );
}

/**
 * The organisation a campaign request is paid for (issue 35): the organisation of the team member
 * acting for the artist (`X-Acting-For`, resolved by the access hook into `Principal.actingMember`).
 * The creation routes pass it as `organisationId`: the artist's budget in that organisation then pays.
 * @returns the organisation's id, or undefined when the user acts for themselves
 */
export function payingOrganisation(principal: Extract<Principal, { kind: 'user' }>): number | undefined {
  return principal.actingMember?.organisationId;
}

/**
 * The budget account paying for `artistId`'s campaigns in `organisationId`, when the organisation gave
 * the artist a monthly budget (issue 35); null otherwise (the artist's own wallet pays).
 */
async function budgetAccountOf(
  database: Pick<Tx, 'db'>,
  organisationId: number | undefined,
  artistId: number,
): Promise<number | null> {
  if (organisationId === undefined) return null;
  const [row] = await database.db
    .select({ accountId: organisationBudgets.ledgerAccountId })
    .from(organisationBudgets)
    .where(
      and(
        eq(organisationBudgets.organisationId, organisationId),
        eq(organisationBudgets.artistUserId, artistId),
      ),
    );
  return row?.accountId ?? null;
}

/**
 * What the request read with its token (`purchase` preload): the stored settings, so the
 * purchase sends no statement of its own for them.
 */
export type PurchasePreload = PurchaseRow;

/**
 * A staff member acting for a user (/express/checkout, /express/playlist/create):
 * the audit entry and the timeline name the staff member, the user is told what was done for them.
 */
export interface StaffActor {
  adminId: number;
  ip?: string | null;
  userAgent?: string | null;
}

/** Who an audit entry names: the staff member acting for `userId`, or the user themselves. */
export function auditActor(byStaff: StaffActor | undefined, userId: number): AuditActor {
  return byStaff
    ? { type: 'admin', id: byStaff.adminId, ip: byStaff.ip, userAgent: byStaff.userAgent }
    : { type: 'user', id: userId };
}

/**
 * What creating campaigns reads through the pool rather than a transaction: the sound (the platform's
 * provider) and the settings. A caller that creates campaigns inside its own transaction reads them
 * first: a transaction that holds a row lock and then waits for a second pool connection deadlocks
 * the pool once as many requests wait on that lock as the pool has connections (card returns
 * confirmed many times at once). `known`: settings already read with the request's token (the
 * `purchase` preload), so none are read here.
 * @returns the resolved sound (null when the link names none) and the settings
 */
export async function prepareCampaigns(
  deps: Deps,
  adapter: ExpressPlatformAdapter,
  soundLink: string,
  known?: SettingsMap,
): Promise<CampaignPreparation> {
  const sound = soundLink.trim() ? await adapter.resolveSound(deps, soundLink) : null;
  return { sound, settings: known ?? (await getSettings(deps.database)) };
}

/** See {@link prepareCampaigns}. */
export interface CampaignPreparation {
  sound: Awaited<ReturnType<ExpressPlatformAdapter['resolveSound']>>;
  settings: Awaited<ReturnType<typeof getSettings>>;
}

/**
 * Create one campaign per chosen target (a playlist, an influencer account) for a sound, on any
 * platform, paid with coins: one hold per target at its tier price (desc 2), all in one transaction,
 * so with too few coins nothing is held (409). Sellers are notified. A sound has at most one open
 * campaign (status 1..5) per target, whoever asks: the adapter's partial unique
 * index decides between concurrent requests, and the whole request is refused.
 * @param input.errorField the request field that lists the targets (`playlist_ids`, `account_ids`)
 * @param outer run inside this transaction instead of a new one (the card-paid path)
 * @returns the created campaigns (status 1 Pending for Approval)
 * @throws ValidationError 422 (link: the adapter's invalid-sound key; targets, `express.own_target`
 *   when a target is the payer's own), ConflictError 409
 *   `express.campaign_already_open` naming the target, InsufficientBalanceError 409; nothing is held then
 */
export async function createCampaignsFor(
  deps: Deps,
  adapter: ExpressPlatformAdapter,
  artistId: number,
  input: {
    soundLink: string;
    targetIds: number[];
    renewedFromId?: number;
    paymentMethod?: 'coins' | 'card';
    errorField: string;
    /** Unreleased songs (TikTok, Instagram): upload keys of the file and the cover. */
    unreleased?: { mediaLink: string; tiktokImg?: string | null };
    /** The artist's pitch for the seller, already checked: at most 140 characters. */
    pitch?: string | null;
    /** The song's name as the artist gives it (TikTok, Instagram), instead of the one read from the link. */
    soundName?: string | null;
    /**
     * The artist's declaration that the track was made with AI; null or absent: not declared (older
     * clients), which sellers refusing AI music still receive (docs/decisions.md "Honest promotion").
     */
    madeWithAi?: boolean | null;
    /** The language of the track's lyrics (`languages` id); null or absent: instrumental or not said. */
    languageId?: number | null;
    /** Sound and settings read before `outer` was opened (see {@link CampaignPreparation}). */
    prepared?: CampaignPreparation;
    /** Staff ordering for the artist: audited and timelined as the staff member; the artist is told. */
    byStaff?: StaffActor;
    /** See {@link PurchasePreload}. */
    preloaded?: PurchasePreload;
    /**
     * The organisation acting for the artist (issue 35): when it gave the artist a monthly budget, the
     * holds are paid from the budget's account (409 `organisations.budget_exceeded` when it holds too
     * few coins; nothing is created), and every refund returns there (the hold's payer). Otherwise, or
     * when absent, the artist's own wallet pays.
     */
    organisationId?: number;
  },
  outer?: Tx,
): Promise<CreatedCampaign[]> {
  const invalidSound = () => new ValidationError({ track_link: [adapter.invalidSoundKey] });
  if (!input.soundLink.trim()) throw invalidSound();
  const ids = [...new Set(input.targetIds)];
  if (ids.length === 0) throw new ValidationError({ [input.errorField]: ['validation.required'] });
  if (ids.length > MAX_PLAYLISTS_PER_REQUEST) {
    throw new ValidationError({
      [input.errorField]: [{ key: 'express.too_many_playlists', params: { max: MAX_PLAYLISTS_PER_REQUEST } }],
    });
  }
  const { sound, settings } =
    input.prepared ??
    (await prepareCampaigns(
      deps,
      adapter,
      input.soundLink,
      input.preloaded ? settingsFrom(input.preloaded.settings) : undefined,
    ));
  if (!sound) throw invalidSound();
  const language = await assertTrackLanguage(outer ?? deps.database, input.languageId);
  const budgetAccount = await budgetAccountOf(outer ?? deps.database, input.organisationId, artistId);
  const soundName = input.soundName?.trim().slice(0, 300) || sound.name;
  const now = deps.clock.now();

  // Targets come in id order: two requests for the same targets wait on each other's index entry
  // in the same order, so one wins and the other gets 409, never a deadlock. A purchase of its own
  // reads them on its connection before its transaction begins: the transaction is then only queued
  // writes, sent with its COMMIT in one round trip (nothing in the read is locked, so reading it first
  // changes nothing).
  const read = async (db: Pick<Tx, 'db'>) => {
    const targets = await adapter.loadTargets(db, ids, input.byStaff ? undefined : artistId);
    if (targets.length !== ids.length)
      throw new ValidationError({ [input.errorField]: ['express.playlist_unavailable'] });
    // Nobody buys a placement from themselves (a curator promoting a track of their own): the fee
    // would be paid to the platform for nothing and the seller's score would be fed by their own
    // purchases.
    if (targets.some((target) => target.sellerId === artistId))
      throw new ValidationError({ [input.errorField]: ['express.own_target'] });
    const refusing = input.madeWithAi === true ? targets.find((target) => target.refusesAi) : undefined;
    if (refusing)
      throw new ValidationError({
        [input.errorField]: [{ key: 'express.target_refuses_ai', params: { playlist: refusing.name } }],
      });
    // The balance read with the targets cannot cover the order: refused before anything is written
    // (1,000 orders on one wallet). It is read unlocked; the hold decides under the lock.
    const total = targets.reduce((sum, target) => sum + target.price, 0);
    const balance = targets[0]?.payerBalance;
    // A budget pays instead of the wallet: its hold decides, under the budget account's lock.
    if (budgetAccount === null && balance !== undefined && balance < total)
      throw new InsufficientBalanceError();
    return { targets, reserved: await reservedIds(db, targets) };
  };
  // The one-open-campaign index refuses a campaign when its statement runs (with the COMMIT, or at
  // the flush in the caller's transaction): said as 409 naming the target.
  let targets: readonly ExpressTarget[] = [];
  const conflict = (err: unknown) => alreadyOpen(err, adapter, targets) ?? err;

  const run = async (tx: Tx, order: Awaited<ReturnType<typeof read>>) => {
    ({ targets } = order);
    const { reserved } = order;
    // The mails of this order read their From name from these settings, not again.
    rememberSettings(tx, settings);
    const created: CreatedCampaign[] = [];
    for (const [i, target] of targets.entries()) {
      const columns = adapter.targetColumns(target);
      const c: CreatedCampaign = {
        id: reserved[i]!.campaignId,
        holdId: reserved[i]!.holdId,
        campaignTypeId: adapter.typeId,
        statusId: S.PENDING_APPROVAL,
        price: target.price,
        createdAt: now,
        // The seller answers within the creation's `answer_days`, or the request is declined and refunded.
        answerDeadline: answerDeadlineFrom(now, settings.answer_days),
        playlistId: 'playlistId' in columns ? columns.playlistId : null,
        accountId: 'accountId' in columns ? columns.accountId : null,
      };
      const values = {
        id: c.id,
        campaignTypeId: c.campaignTypeId,
        artistId,
        curatorId: target.sellerId,
        ...columns,
        trackId: sound.id,
        trackUrl: sound.url,
        trackName: soundName,
        trackArtist: sound.artist,
        coverUrl: sound.coverUrl,
        isReleased: !input.unreleased,
        mediaLink: input.unreleased?.mediaLink ?? null,
        tiktokImg: input.unreleased?.tiktokImg ?? null,
        pitch: input.pitch ?? null,
        madeWithAi: input.madeWithAi ?? null,
        languageId: input.languageId ?? null,
        statusId: c.statusId,
        price: c.price,
        paymentMethod: input.paymentMethod ?? 'coins',
        feePercent: settings.platform_fee_percent,
        playlistSubmissionDays: settings.playlist_submission_days,
        onGoingDays: settings.on_going_days,
        auditingDays: settings.auditing_days,
        answerDeadline: c.answerDeadline,
        renewedFromId: input.renewedFromId ?? null,
        // The hold below is taken under this id (no update afterwards).
        holdId: c.holdId,
        createdAt: now,
        updatedAt: now,
      } satisfies NewCampaign;
      writeLaterInsert(tx, expressCampaigns, values);
      await scheduleAnswerJobs(deps, tx, c);
      const event = {
        id: reserved[i]!.eventId,
        campaignId: c.id,
        fromStatus: null,
        toStatus: S.PENDING_APPROVAL,
        actorType: input.byStaff ? 'admin' : 'user',
        actorId: input.byStaff ? input.byStaff.adminId : artistId,
        noteKey: input.renewedFromId ? 'express.timeline.renewed' : 'express.timeline.created',
        noteParams: input.renewedFromId ? { campaign: input.renewedFromId } : null,
        createdAt: now,
      } satisfies typeof expressCampaignEvents.$inferInsert;
      writeLaterInsert(tx, expressCampaignEvents, event);
      await emitWebhook(
        deps,
        tx,
        artistId,
        'campaign.created',
        {
          campaign_id: c.id,
          platform: adapter.key,
          status_id: c.statusId,
          price_coins: c.price,
          track_name: soundName,
        },
        now,
      );
      // The artist's own purchase of a target whose statement read what a detail shows: the answer is
      // made from what is written here, not read back (a detail statement cost a quarter of a purchase).
      const payer = input.preloaded;
      if (!input.byStaff && target.shown && payer?.payer_name != null && payer.payer_email != null)
        c.written = {
          row: campaignRowOf(values),
          event: { ...event, actorName: null, note: null },
          target: { id: target.id, name: target.name, ...target.shown },
          artist: { name: payer.payer_name, email: payer.payer_email },
          language,
        };
      await tellUser(
        deps,
        tx,
        target.seller,
        'new_campaign',
        { track: soundName, playlist: target.name, coins: target.price },
        c.id,
        adapter.sellerLink(target),
        adapter.typeId,
      );
      created.push(c);
    }
    const staff = input.byStaff;
    await audit(
      deps.database,
      auditActor(staff, artistId),
      {
        action: 'express.created',
        targetType: 'express_campaign',
        targetId: created.map((c) => c.id).join(','),
        meta: {
          track_id: sound.id,
          campaign_type: adapter.key,
          [input.errorField.replace(/_ids$/, 's')]: ids,
          ...(staff ? { on_behalf_of: artistId } : {}),
        },
      },
      tx,
    );
    if (staff) {
      await tellUser(
        deps,
        tx,
        artistId,
        'created_by_staff',
        {
          track: soundName,
          playlists: targets.map((t) => t.name).join(', '),
          coins: created.reduce((sum, c) => sum + c.price, 0),
        },
        created.length === 1 ? created[0]!.id : null,
        created.length === 1 ? `/express-campaigns/${created[0]!.id}` : '/express/campaigns/list',
        adapter.typeId,
      );
    }
    // The holds come last: the payer's wallet stays locked from the first hold to the
    // commit, so everything else of the order is written before it is taken: the campaigns, their
    // timeline events, jobs, notifications and mails, and the audit entry. In a transaction of its
    // own, all of it goes with the COMMIT in one round trip: the wallet is locked only while
    // PostgreSQL works. In the caller's transaction (`outer`), the writes are sent and the holds taken
    // now.
    // A budget's holds are taken in the transaction (not at commit): their refusal is told as the
    // budget's, and the account is one the wallet's commit-time statement does not know.
    if (outer || budgetAccount !== null)
      await flushWrites(tx).catch((err: unknown) => Promise.reject(conflict(err)));
    for (const c of created) {
      const holdInput = {
        userId: artistId,
        coins: c.price,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: `express:${c.id}:hold`,
        reservedId: c.holdId,
        accountsExist: targets[0]?.payerAccounts === true,
        ref: { type: 'express_campaign', id: c.id },
        meta: { campaign_type: adapter.key, campaign_id: c.id },
      };
      if (budgetAccount !== null)
        await hold(tx, { ...holdInput, freshKey: true, payerAccountId: budgetAccount }).catch(
          (err: unknown) =>
            Promise.reject(
              err instanceof InsufficientBalanceError
                ? new ConflictError('organisations.budget_exceeded')
                : err,
            ),
        );
      else if (outer) await hold(tx, { ...holdInput, freshKey: true });
      else holdAtCommit(tx, holdInput);
    }
    return created;
  };
  if (outer) return run(outer, await read(outer));
  return withTransaction(deps.database, async (tx) => run(tx, await readBeforeBegin(tx, read))).catch(
    (err: unknown) => {
      throw ledgerRefusal(conflict(err));
    },
  );
}

/**
 * What a purchase knows of each campaign it wrote (the rows are written with the COMMIT and not read
 * back): its id and hold id (reserved), price, creation and answer deadline, and its target.
 */
export type CreatedCampaign = Pick<
  Campaign,
  'id' | 'campaignTypeId' | 'statusId' | 'price' | 'createdAt' | 'answerDeadline' | 'playlistId' | 'accountId'
> & {
  holdId: number;
  /**
   * What its detail answer shows, as written (`campaignDetailsOf`): for the artist's own purchase of
   * a target whose statement read what a detail shows of it ({@link ExpressTarget.shown}, Spotify),
   * with the payer's name and address read with the token (`preloaded`); absent otherwise.
   */
  written?: WrittenCampaign;
};

type NewCampaign = typeof expressCampaigns.$inferInsert;

/**
 * The campaign row `values` make: every column the insert leaves out is null, which is what the
 * table gives it (its only defaults are for columns a purchase always writes; the purchase answer's
 * test compares it with the row read back).
 */
function campaignRowOf(values: NewCampaign): Campaign {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(getTableColumns(expressCampaigns))) row[key] = null;
  return Object.assign(row, values) as Campaign;
}

/**
 * The campaign and hold ids of each target, in order: those the target statement drew
 * ({@link ExpressTarget.reserved}), or else drawn now in one statement.
 */
async function reservedIds(db: Pick<Tx, 'db'>, targets: readonly ExpressTarget[]): Promise<ReservedIds[]> {
  if (targets.every((t) => t.reserved)) return targets.map((t) => t.reserved!);
  const rows = await db.db.execute<{ campaign_id: number; hold_id: number; event_id: number }>(
    sql`select ${RESERVED_IDS.campaignId} as campaign_id, ${RESERVED_IDS.holdId} as hold_id,
               ${RESERVED_IDS.eventId} as event_id
          from generate_series(1, ${targets.length}::int)`,
  );
  return rows.rows.map((r) => ({
    campaignId: Number(r.campaign_id),
    holdId: Number(r.hold_id),
    eventId: Number(r.event_id),
  }));
}

/**
 * `err` as the 409 `express.campaign_already_open` when it is the adapter's one-open-campaign index
 * refusing a campaign, naming the target whose id ends the index key (PostgreSQL's detail: `Key
 * (track_id, playlist_id)=(…, 12) already exists.`), or the first target; otherwise undefined.
 */
function alreadyOpen(
  err: unknown,
  adapter: ExpressPlatformAdapter,
  targets: readonly ExpressTarget[],
): ConflictError | undefined {
  if (!isUniqueViolation(err, adapter.oneOpenIndex)) return undefined;
  const key = /\)=\((.*)\) already exists/.exec(pgErrorOf(err)?.detail ?? '')?.[1];
  const id = Number(key?.split(', ').at(-1));
  const target = targets.find((t) => t.id === id) ?? targets[0];
  return new ConflictError('express.campaign_already_open', { playlist: target?.name ?? '' });
}

/**
 * The user staff act for must be live, approved and of the expected type (an artist for a checkout, a
 * curator for a playlist). Inside a transaction the user's row is share-locked, so an approval
 * withdrawn or an account disabled at the same moment waits for the order or refuses it.
 * @throws ValidationError 422 on `artist_id` ('express.behalf.not_artist') or `curator_id`
 *   ('express.behalf.not_curator')
 */
export async function assertApprovedUser(
  db: Pick<Tx, 'db'>,
  userId: number,
  kind: 'artist' | 'curator',
): Promise<void> {
  const [user] = await db.db
    .select({ typeId: users.userTypeId, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  const typeId = kind === 'artist' ? USER_TYPES.ARTIST : USER_TYPES.CURATOR;
  if (user?.typeId !== typeId || user.status !== 'approved' || user.deletedAt)
    throw new ValidationError({ [`${kind}_id`]: [`express.behalf.not_${kind}`] });
}

/**
 * Staff order Spotify express campaigns for an artist (back-office /express/checkout): the
 * artist's own {@link createCampaigns} (same link, playlist, pitch and balance rules,
 * one hold per playlist on the artist's coins, desc 2), run in a transaction that first share-locks the
 * artist's row and checks they are an approved artist; audited as the staff member, the artist told.
 * @returns the created campaigns (status 1 Pending for Approval)
 * @throws ValidationError 422 (`artist_id` 'express.behalf.not_artist'; the artist's own rules),
 *   ConflictError 409 (an open campaign of the track on a playlist), InsufficientBalanceError 409
 */
export async function orderForArtist(
  deps: Deps,
  staff: StaffActor,
  artistId: number,
  input: { track_link: string; playlist_ids: number[]; pitch?: string | null },
): Promise<CreatedCampaign[]> {
  const prepared = await prepareCampaigns(deps, spotifyAdapter, input.track_link);
  return withTransaction(deps.database, async (tx) => {
    await assertApprovedUser(tx, artistId, 'artist');
    return createCampaigns(deps, artistId, { ...input, prepared, byStaff: staff }, tx);
  });
}
