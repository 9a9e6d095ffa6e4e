import { type AuditAction, EXPRESS_CAMPAIGN_STATUS as E, forceEndOutcomes } from '@lm/contracts';
import {
  type adminCustomCampaignEditSchema,
  type adminCustomCampaignInputSchema,
  type customCampaignInputSchema,
  CUSTOM_STATUS as S,
} from '@lm/contracts/custom-campaigns';
import type { ExpressListenEvent } from '@lm/contracts/express';
import type { NotificationMessage } from '@lm/contracts/messages';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Tx, withSavepoint, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import {
  EXPRESS_ONE_OPEN_PER_TRACK_PLAYLIST,
  expressCampaignEvents,
  expressCampaigns,
  expressPlaylistGenres,
  expressPlaylists,
  expressTiers,
  files,
  genres,
  languages,
  ledgerTransfers,
  payments,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { parseSpotifyLink } from '../../providers/spotify/links';
import { audit } from '../audit';
import type { NotCreated } from '../express';
import { expressListen, expressMachine as machine } from '../express';
import { notify } from '../notifications';
import { getSettings } from '../settings';
import {
  cardPaymentOf,
  confirmCard,
  DESC,
  hold,
  nextInvoiceNumber,
  startCheckout,
  voidHold,
  walletBalance,
} from '../wallet';
import { emitWebhook } from '../webhooks';
import {
  CUSTOM_ONE_PER_PLAYLIST,
  curatorsVsCampaigns,
  customCampaignSlots,
  customCampaigns,
} from './custom-campaigns.schema';

/**
 * Custom (managed) campaigns: the artist orders placements of one
 * Spotify tier, staff approve (an invoice is raised) or decline, the artist pays with coins (one
 * ledger hold per placement: a slot), staff publish, curators opt in with a playlist. Each opt-in
 * claims a slot and runs as an express campaign on the engine (`express.machine`): the same
 * verification (Spotify adapter), deadlines, jobs, payout less the fee and refunds, holding the
 * slot's coins. When the opt-in window closes the unclaimed slots are voided (refunded, desc 3); the
 * campaign completes when every placement has ended. Nothing here moves coins except through
 * `ledger.ts` and the engine.
 *
 * Every status change is a guarded `update ... where status in (...)`: of concurrent requests one
 * wins and the others answer 409.
 */

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;
export type CustomCampaign = typeof customCampaigns.$inferSelect;
type Input = z.output<typeof customCampaignInputSchema>;
type AdminInput = z.output<typeof adminCustomCampaignInputSchema>;
type AdminEdit = z.output<typeof adminCustomCampaignEditSchema>;
type Actor = { type: 'user' | 'admin' | 'system'; id: number | null };

export const CUSTOM_ADVANCE_QUEUE = 'custom.advance';
const DAY = 86_400_000;
const OPEN_EXPRESS = [E.PENDING_APPROVAL, E.WAITING_SUBMISSION, E.VERIFYING, E.ON_GOING, E.AUDITING];
const MEDIA_MIMES = ['audio/mpeg', 'video/mp4'];

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Checks of spec section 5 that the shared schema cannot do: the link (a Spotify track URL when
 * released: 'Not A valid Track'; a `spotify:track:` URI when not: 'Not a valid Uri'), the start date
 * not before today, an unreleased song's release date today or later and its mp3/mp4 upload (the
 * artist's own, or any upload when staff order), the language, genres and tier existing.
 * @returns the track id and the tier's price per placement
 * @throws ValidationError 422 with the field's message
 */
async function checkInput(
  deps: Deps,
  input: Input,
  uploader: { userId: number } | { adminId: number },
): Promise<{ trackId: string; tierPrice: number }> {
  const now = deps.clock.now();
  const parsed = parseSpotifyLink(input.link, 'track');
  if (!parsed || parsed.form !== (input.is_released ? 'url' : 'uri'))
    throw new ValidationError({ link: [input.is_released ? 'express.invalid_track' : 'custom.invalid_uri'] });
  if (Number.isNaN(Date.parse(`${input.start_date}T00:00:00Z`)))
    throw new ValidationError({ start_date: ['validation.date_invalid'] });
  if (input.start_date < today(now)) throw new ValidationError({ start_date: ['custom.start_date_past'] });
  if (Number.isNaN(Date.parse(`${input.released_date}T00:00:00Z`)))
    throw new ValidationError({ released_date: ['validation.date_invalid'] });
  if (!input.is_released && input.released_date < today(now))
    throw new ValidationError({ released_date: ['custom.release_date_past'] });
  if (!input.is_released) {
    if (!input.media_link) throw new ValidationError({ media_link: ['validation.required'] });
    // An artist's own upload; staff may keep or give any stored upload (the artist's, when editing).
    const owner = 'userId' in uploader ? eq(files.userId, uploader.userId) : undefined;
    const [file] = await deps.database.db
      .select({ mime: files.mime, size: files.sizeBytes })
      .from(files)
      .where(and(eq(files.path, input.media_link), owner))
      .limit(1);
    if (!file) throw new ValidationError({ media_link: ['validation.upload_not_yours'] });
    if (!MEDIA_MIMES.includes(file.mime)) throw new ValidationError({ media_link: ['custom.media_type'] });
  }
  const [language] = await deps.database.db
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.id, input.language_id));
  if (!language) throw new ValidationError({ language_id: ['validation.invalid'] });
  const found = await deps.database.db
    .select({ id: genres.id })
    .from(genres)
    .where(inArray(genres.id, input.genre_ids));
  if (found.length !== new Set(input.genre_ids).size)
    throw new ValidationError({ genre_ids: ['user.validation.genre_invalid'] });
  const [tier] = await deps.database.db
    .select({ price: expressTiers.price })
    .from(expressTiers)
    .where(
      and(eq(expressTiers.id, input.tier_id), eq(expressTiers.campaignTypeId, 1), eq(expressTiers.status, 1)),
    );
  if (!tier) throw new ValidationError({ tier_id: ['user.validation.tier_invalid'] });
  return { trackId: parsed.id, tierPrice: tier.price };
}

function columnsOf(input: Input, trackId: string, tierPrice: number) {
  return {
    name: input.name,
    link: input.link,
    trackId,
    languageId: input.language_id,
    isReleased: input.is_released,
    // Released or not clears the other kind's fields (spec section 4).
    mediaLink: input.is_released ? null : (input.media_link ?? null),
    releasedDate: input.released_date,
    genreIds: [...new Set(input.genre_ids)],
    startDate: input.start_date,
    tierId: input.tier_id,
    placements: input.placements,
    price: tierPrice * input.placements,
    pitch: input.pitch,
    // Absent (an older client): not declared on create, kept as it was on edit.
    ...(input.made_with_ai !== undefined ? { madeWithAi: input.made_with_ai } : {}),
  };
}

async function log(
  deps: Pick<Deps, 'database'>,
  tx: Tx,
  actor: Actor,
  action: AuditAction & `custom_campaign.${string}`,
  id: number | string,
  meta: Record<string, unknown> = {},
) {
  await audit(deps.database, actor, { action, targetType: 'custom_campaign', targetId: id, meta }, tx);
}

type CustomNotice = NotificationMessage & `custom.notify.${string}`;

async function tell(
  deps: Deps,
  tx: Tx,
  userId: number,
  message: CustomNotice,
  params: Record<string, string | number>,
  campaignId: number,
  link: string,
) {
  const [user] = await tx.db
    .select({ email: users.email, language: users.language, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  await notify(tx, {
    userId,
    type: message.replace('.notify', ''),
    message,
    params,
    link,
    data: { campaign_id: campaignId },
    createdAt: deps.clock.now(),
  });
  await deps.mail.send(
    {
      to: user.email,
      language: user.language as 'en',
      notification: message,
      params,
      name: user.firstName,
      link: `${deps.config.appUrl}${link}`,
    },
    tx,
  );
}

/**
 * The artist orders a campaign (`POST artist/campaigns`), or staff order one for an artist (admin New
 * Campaign with `artist_id`, `admin_ids` and the settings step). Starts at 1 Pending; on-going days
 * come from the settings (read-only in the wizard).
 * @throws ValidationError 422 (section 5 messages), NotFoundError when staff name no artist
 */
export async function createCampaign(
  deps: Deps,
  actor: { artistId: number } | { adminId: number },
  input: Input | AdminInput,
): Promise<CustomCampaign> {
  const byAdmin = 'adminId' in actor;
  const artistId = byAdmin ? (input as AdminInput).artist_id : actor.artistId;
  if (byAdmin) {
    const [artist] = await deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, artistId), eq(users.userTypeId, 1), isNull(users.deletedAt)));
    if (!artist) throw new ValidationError({ artist_id: ['custom.artist_invalid'] });
  }
  const { trackId, tierPrice } = await checkInput(
    deps,
    input,
    byAdmin ? { adminId: actor.adminId } : { userId: artistId },
  );
  const settings = await getSettings(deps.database);
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .insert(customCampaigns)
      .values({
        artistId,
        createdByAdminId: byAdmin ? actor.adminId : null,
        ...columnsOf(input, trackId, tierPrice),
        status: S.PENDING,
        playlistSubmissionDays: byAdmin
          ? (input as AdminInput).playlist_submission_days
          : settings.playlist_submission_days,
        onGoingDays: settings.on_going_days,
        auditingDays: byAdmin ? (input as AdminInput).auditing_days : settings.auditing_days,
        adminIds: byAdmin ? [...new Set((input as AdminInput).admin_ids)] : [],
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await log(
      deps,
      tx,
      byAdmin ? { type: 'admin', id: actor.adminId } : { type: 'user', id: artistId },
      'custom_campaign.created',
      row!.id,
      { artist_id: artistId, price: row!.price },
    );
    return row!;
  });
}

/**
 * Edit a campaign while it is 1 Pending (spec section 4: edit disabled above 1). The artist edits their
 * own; staff edit any and may move the status between 1 and 2. The guard is the update's
 * `where status = 1`, so an edit racing an approval loses with 409.
 * @throws NotFoundError, ConflictError 409 `custom.not_editable`, ValidationError 422
 */
export async function updateCampaign(
  deps: Deps,
  actor: { artistId: number } | { adminId: number },
  id: number,
  input: Input | AdminEdit,
): Promise<CustomCampaign> {
  const current = await loadOwn(deps, id, 'artistId' in actor ? actor.artistId : undefined);
  const byAdmin = 'adminId' in actor;
  const { trackId, tierPrice } = await checkInput(
    deps,
    input,
    byAdmin ? { adminId: actor.adminId } : { userId: current.artistId },
  );
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const admin = byAdmin ? (input as AdminEdit) : null;
    const [row] = await tx.db
      .update(customCampaigns)
      .set({
        ...columnsOf(input, trackId, tierPrice),
        ...(admin
          ? {
              playlistSubmissionDays: admin.playlist_submission_days,
              auditingDays: admin.auditing_days,
              adminIds: [...new Set(admin.admin_ids)],
              ...(admin.status ? { status: admin.status } : {}),
            }
          : {}),
        updatedAt: now,
      })
      .where(and(eq(customCampaigns.id, id), eq(customCampaigns.status, S.PENDING)))
      .returning();
    if (!row) throw new ConflictError('custom.not_editable');
    await log(
      deps,
      tx,
      byAdmin ? { type: 'admin', id: actor.adminId } : { type: 'user', id: current.artistId },
      'custom_campaign.updated',
      id,
      admin?.status ? { status: admin.status } : {},
    );
    return row;
  });
}

/**
 * Delete (status 5 Deleted) while 1 Pending; the row stays for the record.
 * @throws NotFoundError, ConflictError 409 `custom.not_deletable`
 */
export async function deleteCampaign(
  deps: Deps,
  actor: { artistId: number } | { adminId: number },
  id: number,
): Promise<void> {
  const current = await loadOwn(deps, id, 'artistId' in actor ? actor.artistId : undefined);
  await withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(customCampaigns)
      .set({ status: S.DELETED, updatedAt: deps.clock.now() })
      .where(and(eq(customCampaigns.id, id), eq(customCampaigns.status, S.PENDING)))
      .returning({ id: customCampaigns.id });
    if (!row) throw new ConflictError('custom.not_deletable');
    await log(
      deps,
      tx,
      'adminId' in actor ? { type: 'admin', id: actor.adminId } : { type: 'user', id: current.artistId },
      'custom_campaign.deleted',
      id,
    );
  });
}

async function loadOwn(deps: Pick<Deps, 'database'>, id: number, artistId?: number): Promise<CustomCampaign> {
  const [row] = await deps.database.db.select().from(customCampaigns).where(eq(customCampaigns.id, id));
  if (!row || (artistId !== undefined && row.artistId !== artistId)) throw new NotFoundError();
  return row;
}

/**
 * Staff approve (1 or 2 → 3 Approved): an invoice for the price is raised (number from the platform's
 * gapless invoice series) and the artist is told to pay.
 * @throws NotFoundError, ConflictError 409 `custom.not_pending`
 */
export async function approveCampaign(deps: Deps, adminId: number, id: number): Promise<CustomCampaign> {
  await loadOwn(deps, id);
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const [locked] = await tx.db
      .select()
      .from(customCampaigns)
      .where(
        and(eq(customCampaigns.id, id), inArray(customCampaigns.status, [S.PENDING, S.PENDING_APPROVAL])),
      )
      .for('update');
    if (!locked) throw new ConflictError('custom.not_pending');
    const { number } = await nextInvoiceNumber(tx, now.getUTCFullYear());
    const [row] = await tx.db
      .update(customCampaigns)
      .set({ status: S.APPROVED, invoiceNumber: number, invoiceRaisedAt: now, updatedAt: now })
      .where(eq(customCampaigns.id, id))
      .returning();
    await log(deps, tx, { type: 'admin', id: adminId }, 'custom_campaign.approved', id, { invoice: number });
    await tell(
      deps,
      tx,
      row!.artistId,
      'custom.notify.approved',
      { name: row!.name, coins: row!.price, invoice: number },
      id,
      `/campaigns/${id}`,
    );
    return row!;
  });
}

/**
 * Staff decline with a reason (1, 2 or an unpaid 3 → 4 Declined); nothing was held yet.
 * @throws NotFoundError, ConflictError 409 `custom.not_declinable`
 */
export async function declineCampaign(
  deps: Deps,
  adminId: number,
  id: number,
  reason: string,
): Promise<CustomCampaign> {
  await loadOwn(deps, id);
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(customCampaigns)
      .set({ status: S.DECLINED, declineReason: reason, updatedAt: now })
      .where(
        and(
          eq(customCampaigns.id, id),
          inArray(customCampaigns.status, [S.PENDING, S.PENDING_APPROVAL, S.APPROVED]),
          isNull(customCampaigns.paidAt),
        ),
      )
      .returning();
    if (!row) throw new ConflictError('custom.not_declinable');
    await log(deps, tx, { type: 'admin', id: adminId }, 'custom_campaign.declined', id, { reason });
    await tell(
      deps,
      tx,
      row.artistId,
      'custom.notify.declined',
      { name: row.name, reason },
      id,
      `/campaigns/${id}`,
    );
    return row;
  });
}

/** What a coins payment of a campaign answers (`pay/coins/custom/campaign/{id}`). */
export interface CustomPayment {
  campaign_id: number;
  coins: number;
  balance: number;
  transaction: string | null;
}

/**
 * Hold an approved campaign's price in the caller's transaction: one hold per placement (desc 2
 * campaign purchase, idempotency key `custom:<id>:slot:<n>`), the campaign moves to 6 Pending for
 * Publishing with `paid_at`. The campaign row is locked first, so concurrent payments (coins, card
 * confirmations, webhooks) queue and exactly one pays; the others get 409 `custom.not_payable`.
 * Shared by the coins payment and the card payment (the card buys the coins, then this holds them).
 * @throws ConflictError 409 `custom.not_payable`, `wallet.insufficient_balance` (nothing held)
 */
async function holdForCampaign(
  deps: Pick<Deps, 'database' | 'clock'>,
  tx: Tx,
  artistId: number,
  id: number,
  method: 'coins' | 'card',
): Promise<CustomPayment> {
  const now = deps.clock.now();
  const [c] = await tx.db
    .select()
    .from(customCampaigns)
    .where(
      and(
        eq(customCampaigns.id, id),
        eq(customCampaigns.artistId, artistId),
        eq(customCampaigns.status, S.APPROVED),
        isNull(customCampaigns.paidAt),
      ),
    )
    .for('update');
  if (!c) throw new ConflictError('custom.not_payable');
  const perSlot = c.price / c.placements;
  let firstTransfer: number | null = null;
  for (let n = 1; n <= c.placements; n++) {
    const h = await hold(tx, {
      userId: artistId,
      coins: perSlot,
      descId: DESC.CAMPAIGN_PURCHASE,
      idempotencyKey: `custom:${id}:slot:${n}`,
      ref: { type: 'custom_campaign', id },
      meta: { campaign_type: 'custom', campaign_id: id, slot: n },
    });
    await tx.db
      .insert(customCampaignSlots)
      .values({ campaignId: id, slotNo: n, holdId: h.id, coins: perSlot });
    if (firstTransfer === null) {
      const [t] = await tx.db
        .select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `custom:${id}:slot:${n}`));
      firstTransfer = t?.id ?? null;
    }
  }
  await tx.db
    .update(customCampaigns)
    .set({ status: S.PENDING_PUBLISHING, paidAt: now, paidTransferId: firstTransfer, updatedAt: now })
    .where(eq(customCampaigns.id, id));
  await log(deps, tx, { type: 'user', id: artistId }, 'custom_campaign.paid', id, { coins: c.price, method });
  const [t] = firstTransfer
    ? await tx.db
        .select({ number: ledgerTransfers.number })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, firstTransfer))
    : [];
  return {
    campaign_id: id,
    coins: c.price,
    balance: await walletBalance(tx, artistId),
    transaction: t?.number ?? null,
  };
}

/**
 * The artist pays an approved campaign with coins (`GET pay/coins/custom/campaign/{id}`): see
 * {@link holdForCampaign}. With too few coins nothing is held (409 `wallet.insufficient_balance`).
 * @returns coins held, the wallet balance after, the first slot's transaction number
 * @throws NotFoundError (not the artist's), ConflictError 409 `custom.not_payable`
 */
export async function payWithCoins(deps: Deps, artistId: number, id: number): Promise<CustomPayment> {
  await loadOwn(deps, id, artistId);
  return withTransaction(deps.database, (tx) => holdForCampaign(deps, tx, artistId, id, 'coins'));
}

/** What a card payment of a custom campaign carries in its meta: the campaign, then the outcome. */
export interface CustomCardMeta {
  custom_campaign_id?: number;
  /** Set once the paid payment was applied: the campaign paid by it, or why not (coins kept). */
  custom_outcome?: { paid: boolean; not_paid?: NotCreated };
}

/**
 * Start paying an approved campaign's invoice by card (`POST stripe/custom/campaign/checkout`), the way
 * express campaigns are paid by card (`payments.startCheckout`, purpose `campaign`): the card buys
 * exactly the campaign's price in coins at the coin price; the campaign rides in the payment's meta
 * until {@link campaignFromCardPayment} holds those coins for it. The card page comes back to
 * `/campaigns/{id}`.
 * @returns the hosted page URL, session id, coins and what the card is charged
 * @throws NotFoundError (not the artist's), ConflictError 409 `custom.not_payable` (not approved or
 *   already paid), 502 when the provider refuses
 */
export async function startCardPayment(deps: Deps, artistId: number, id: number) {
  const c = await loadOwn(deps, id, artistId);
  if (c.status !== S.APPROVED || c.paidAt) throw new ConflictError('custom.not_payable');
  const [me] = await deps.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, artistId));
  const meta: CustomCardMeta = { custom_campaign_id: id };
  const r = await startCheckout(deps, artistId, { coins: c.price }, 'card', me?.email ?? '', {
    meta: meta as Record<string, unknown>,
    returnPath: `/campaigns/${id}`,
  });
  return {
    url: r.url,
    session_id: r.ref,
    coins: c.price,
    amount_minor: r.amountMinor,
    currency: r.currency,
    sandbox: deps.providers.payments.card.name === 'sandbox',
  };
}

/**
 * Apply a paid card payment to its custom campaign exactly once, whichever comes first of the return
 * call and the webhook: the payment row is locked and the outcome kept in its meta. The
 * coins the card bought are held for the campaign ({@link holdForCampaign}) in the same transaction;
 * when the campaign can no longer be paid (paid meanwhile with coins or another card, declined), no
 * coins are held and they stay in the artist's wallet as the coin purchase they are (as for express:
 * decisions "Card-paid campaigns that can no longer be made"), recorded so every later call answers
 * the same.
 * @returns whether this payment paid the campaign and, when not, why (null while the payment is unpaid)
 * @throws NotFoundError when the payment is not the artist's custom campaign payment
 */
export async function campaignFromCardPayment(
  deps: Pick<Deps, 'database' | 'clock'>,
  artistId: number,
  paymentId: number,
): Promise<{ campaignId: number; paid: boolean; notPaid: NotCreated | null }> {
  return withTransaction(deps.database, async (tx) => {
    const [p] = await tx.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    const meta = (p?.meta ?? {}) as CustomCardMeta;
    if (!p || p.userId !== artistId || p.purpose !== 'campaign' || !meta.custom_campaign_id)
      throw new NotFoundError('payments.not_found');
    const campaignId = meta.custom_campaign_id;
    if (p.status !== 'paid') return { campaignId, paid: false, notPaid: null };
    if (meta.custom_outcome)
      return { campaignId, paid: meta.custom_outcome.paid, notPaid: meta.custom_outcome.not_paid ?? null };
    let notPaid: NotCreated | null = null;
    try {
      await withSavepoint(tx, 'custom_card', async () => {
        await holdForCampaign(deps, tx, artistId, campaignId, 'card');
        await tx.db
          .update(customCampaigns)
          .set({ paymentId: p.id })
          .where(eq(customCampaigns.id, campaignId));
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      notPaid = { key: err.messageKey, ...(err.options.params ? { params: err.options.params } : {}) };
    }
    const outcome = { paid: notPaid === null, ...(notPaid ? { not_paid: notPaid } : {}) };
    await tx.db
      .update(payments)
      .set({ meta: { ...meta, custom_outcome: outcome } })
      .where(eq(payments.id, p.id));
    return { campaignId, paid: notPaid === null, notPaid };
  });
}

/**
 * Back from the card page (`POST stripe/custom/campaign/checkout/check/pay` {session_id}): the
 * payment is settled (`payments.confirmCard`, credited once) and, once paid, applied to the campaign
 * once ({@link campaignFromCardPayment}).
 * @returns the settlement, the campaign id, whether it is paid by this payment and why not
 * @throws NotFoundError when the session is not the artist's custom campaign payment
 */
export async function confirmCardPayment(deps: Deps, artistId: number, sessionId: string) {
  const p = await cardPaymentOf(deps, artistId, sessionId);
  const meta = (p.meta ?? {}) as CustomCardMeta;
  if (p.purpose !== 'campaign' || !meta.custom_campaign_id) throw new NotFoundError('payments.not_found');
  const settlement = await confirmCard(deps, artistId, sessionId);
  const outcome =
    settlement.status === 'paid'
      ? await campaignFromCardPayment(deps, artistId, p.id)
      : { campaignId: meta.custom_campaign_id, paid: false, notPaid: null };
  return { settlement, ...outcome };
}

async function scheduleAdvance(deps: Deps, tx: Tx, campaignId: number, at: Date) {
  const seconds = Math.max(1, Math.ceil((at.getTime() - deps.clock.now().getTime()) / 1000));
  await deps.jobs.send(
    CUSTOM_ADVANCE_QUEUE,
    { campaignId },
    { startAfter: seconds, singletonKey: `custom-${campaignId}-${at.getTime()}` },
    tx,
  );
}

/**
 * Staff publish a paid campaign (6 → 7 Published): curators may opt in for
 * `playlist_submission_days`; a job closes the window then.
 * @throws NotFoundError, ConflictError 409 `custom.not_publishable`
 */
export async function publishCampaign(deps: Deps, adminId: number, id: number): Promise<CustomCampaign> {
  await loadOwn(deps, id);
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const [c] = await tx.db
      .select({ days: customCampaigns.playlistSubmissionDays })
      .from(customCampaigns)
      .where(eq(customCampaigns.id, id));
    const optInUntil = new Date(now.getTime() + c!.days * DAY);
    const [row] = await tx.db
      .update(customCampaigns)
      .set({ status: S.PUBLISHED, publishDate: now, optInUntil, updatedAt: now })
      .where(and(eq(customCampaigns.id, id), eq(customCampaigns.status, S.PENDING_PUBLISHING)))
      .returning();
    if (!row) throw new ConflictError('custom.not_publishable');
    await scheduleAdvance(deps, tx, id, optInUntil);
    await log(deps, tx, { type: 'admin', id: adminId }, 'custom_campaign.published', id);
    await tell(
      deps,
      tx,
      row.artistId,
      'custom.notify.published',
      { name: row.name, date: optInUntil.toISOString().slice(0, 10) },
      id,
      `/campaigns/${id}`,
    );
    return row;
  });
}

/**
 * A curator opts in to a published campaign (`POST curator/curators_vs_campaigns`), once per campaign
 * (unique index); the playlist is chosen next.
 * Only after listening to the track for `min_listen_seconds` ({@link listenToCampaign}).
 * @throws NotFoundError (not published), ConflictError 409 `custom.opt_in_closed`,
 *   `custom.already_opted_in`, `express.listen_first`
 */
export async function optIn(
  deps: Deps,
  curatorId: number,
  campaignId: number,
): Promise<typeof curatorsVsCampaigns.$inferSelect> {
  const now = deps.clock.now();
  const [c] = await deps.database.db
    .select()
    .from(customCampaigns)
    .where(and(eq(customCampaigns.id, campaignId), eq(customCampaigns.status, S.PUBLISHED)));
  if (!c) throw new NotFoundError();
  if (c.closedAt || (c.optInUntil && c.optInUntil <= now)) throw new ConflictError('custom.opt_in_closed');
  // Hear it first: opting in is the curator's decision to take the campaign.
  await expressListen.assertCustomListened(deps.database, campaignId, curatorId);
  return withTransaction(deps.database, async (tx) => {
    try {
      const [row] = await tx.db
        .insert(curatorsVsCampaigns)
        .values({ campaignId, curatorId, createdAt: now })
        .returning();
      await log(deps, tx, { type: 'user', id: curatorId }, 'custom_campaign.opted_in', campaignId);
      return row!;
    } catch (err) {
      if (isUniqueViolation(err, 'curators_vs_campaigns_curator_unique'))
        throw new ConflictError('custom.already_opted_in');
      throw err;
    }
  });
}

/** A published campaign still open for opt-ins, which a curator may hear. */
async function openForOptIn(deps: Pick<Deps, 'database' | 'clock'>, id: number) {
  const [c] = await deps.database.db
    .select()
    .from(customCampaigns)
    .where(and(eq(customCampaigns.id, id), eq(customCampaigns.status, S.PUBLISHED)));
  if (!c) throw new NotFoundError();
  return c;
}

/**
 * One playback event of a curator's player on a published campaign
 * (`POST /api/curator/campaign/{id}/listen`), counted by the engine with the server's clock
 * (`express.listen.ts`); the opt-in waits for `min_listen_seconds`.
 * @throws NotFoundError when the campaign is not published
 */
export async function listenToCampaign(
  deps: Pick<Deps, 'database' | 'clock'>,
  curatorId: number,
  id: number,
  event: ExpressListenEvent,
) {
  await openForOptIn(deps, id);
  return expressListen.recordCustomListen(deps, curatorId, id, event);
}

/**
 * What the curator's player plays and has heard of a published campaign
 * (`GET /api/curator/campaign/{id}/listen`): the artist's upload of an unreleased song, else the Spotify
 * player (the sandbox's generated preview offline); and what the artist tells curators about
 * themselves (the campaign's pitch, genres and language are on its card).
 */
export async function campaignListen(
  deps: Pick<AppDeps, 'database' | 'clock' | 'providers' | 'config' | 'storage'>,
  curatorId: number,
  id: number,
) {
  const c = await openForOptIn(deps, id);
  const progress = await expressListen.customListenProgress(deps.database, id, curatorId);
  const player = expressListen.playerOf(
    deps,
    {
      campaignTypeId: c.campaignTypeId,
      trackId: c.trackId,
      trackUrl: c.link,
      isReleased: c.isReleased,
      mediaLink: c.mediaLink,
    },
    progress.required_seconds,
  );
  return { ...progress, player, artist: await expressListen.artistAbout(deps.database, c.artistId) };
}

/**
 * The curator chooses the playlist of their opt-in (`PUT curator/curator_vs_campaign/playlist/{id}`):
 * an approved playlist of theirs in the campaign's tier sharing a genre with it. It claims a free
 * slot (`for update skip locked`: concurrent opt-ins take different slots, and none is left → 409
 * `custom.no_free_placement`) and starts the placement as an express campaign holding the slot's hold;
 * the engine then approves it (2 Waiting for playlist submission, deadline `playlist_submission_days`).
 * One placement per playlist per campaign (unique index → 409 `custom.playlist_taken`).
 * @throws NotFoundError, ValidationError 422 on `playlist_id`, ConflictError 409
 */
export async function choosePlaylist(
  deps: Deps,
  curatorId: number,
  optInId: number,
  playlistId: number,
): Promise<typeof curatorsVsCampaigns.$inferSelect> {
  const now = deps.clock.now();
  const settings = await getSettings(deps.database);
  const { link, expressId } = await withTransaction(deps.database, async (tx) => {
    const [own] = await tx.db
      .select()
      .from(curatorsVsCampaigns)
      .where(and(eq(curatorsVsCampaigns.id, optInId), eq(curatorsVsCampaigns.curatorId, curatorId)))
      .for('update');
    if (!own) throw new NotFoundError();
    if (own.playlistId !== null) throw new ConflictError('custom.playlist_already_chosen');
    const [c] = await tx.db.select().from(customCampaigns).where(eq(customCampaigns.id, own.campaignId));
    if (!c || c.status !== S.PUBLISHED) throw new NotFoundError();
    if (c.closedAt || (c.optInUntil && c.optInUntil <= now)) throw new ConflictError('custom.opt_in_closed');
    const [playlist] = await tx.db
      .select()
      .from(expressPlaylists)
      .where(
        and(
          eq(expressPlaylists.id, playlistId),
          eq(expressPlaylists.curatorId, curatorId),
          eq(expressPlaylists.statusId, 1),
        ),
      );
    if (!playlist) throw new ValidationError({ playlist_id: ['express.playlist_unavailable'] });
    if (playlist.tierId !== c.tierId) throw new ValidationError({ playlist_id: ['custom.playlist_tier'] });
    if (c.madeWithAi === true && playlist.refusesAi)
      throw new ValidationError({
        playlist_id: [{ key: 'express.target_refuses_ai', params: { playlist: playlist.name } }],
      });
    const playlistGenres = await tx.db
      .select({ id: expressPlaylistGenres.genreId })
      .from(expressPlaylistGenres)
      .where(eq(expressPlaylistGenres.playlistId, playlistId));
    if (playlistGenres.length > 0 && !playlistGenres.some((g) => c.genreIds.includes(g.id)))
      throw new ValidationError({ playlist_id: ['custom.playlist_genre'] });
    const free = await tx.client.query<{ id: number; hold_id: string; coins: number }>(
      `select id, hold_id, coins from custom_campaign_slots
        where campaign_id = $1 and express_campaign_id is null and voided_at is null
        order by slot_no limit 1 for update skip locked`,
      [c.id],
    );
    const slot = free.rows[0];
    if (!slot) throw new ConflictError('custom.no_free_placement');
    // The curator's placement shows the artist's name under the song, as an express campaign does.
    const [artist] = await tx.db
      .select({ artistName: users.artistName, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, c.artistId));
    const trackArtist = artist
      ? artist.artistName?.trim() || `${artist.firstName} ${artist.lastName}`.trim()
      : '';
    let express: typeof expressCampaigns.$inferSelect;
    try {
      await tx.db
        .update(curatorsVsCampaigns)
        .set({ playlistId, slotId: slot.id })
        .where(eq(curatorsVsCampaigns.id, own.id));
      [express] = (await tx.db
        .insert(expressCampaigns)
        .values({
          campaignTypeId: 1,
          artistId: c.artistId,
          curatorId,
          playlistId,
          tierId: c.tierId,
          trackId: c.trackId,
          trackUrl: c.isReleased ? c.link : `https://open.spotify.com/track/${c.trackId}`,
          trackName: c.name,
          trackArtist,
          isReleased: c.isReleased,
          mediaLink: c.mediaLink,
          pitch: c.pitch,
          madeWithAi: c.madeWithAi,
          languageId: c.languageId,
          statusId: E.PENDING_APPROVAL,
          price: slot.coins,
          holdId: Number(slot.hold_id),
          paymentMethod: 'coins',
          feePercent: settings.platform_fee_percent,
          playlistSubmissionDays: c.playlistSubmissionDays,
          onGoingDays: c.onGoingDays,
          auditingDays: c.auditingDays,
          createdAt: now,
          updatedAt: now,
        })
        .returning()) as [typeof expressCampaigns.$inferSelect];
    } catch (err) {
      if (isUniqueViolation(err, CUSTOM_ONE_PER_PLAYLIST)) throw new ConflictError('custom.playlist_taken');
      if (isUniqueViolation(err, EXPRESS_ONE_OPEN_PER_TRACK_PLAYLIST))
        throw new ConflictError('express.campaign_already_open', { playlist: playlist.name });
      throw err;
    }
    await tx.db.insert(expressCampaignEvents).values({
      campaignId: express.id,
      fromStatus: null,
      toStatus: E.PENDING_APPROVAL,
      actorType: 'user',
      actorId: curatorId,
      noteKey: 'custom.timeline.opted_in',
      noteParams: { campaign: c.id },
      createdAt: now,
    });
    // The placement is an express campaign of the artist's from now on, with its own events.
    await emitWebhook(
      deps,
      tx,
      c.artistId,
      'campaign.created',
      {
        campaign_id: express.id,
        platform: 'spotify',
        status_id: express.statusId,
        price_coins: express.price,
        track_name: express.trackName,
      },
      now,
    );
    await tx.db
      .update(customCampaignSlots)
      .set({ expressCampaignId: express.id })
      .where(eq(customCampaignSlots.id, slot.id));
    const [link] = await tx.db
      .update(curatorsVsCampaigns)
      .set({ expressCampaignId: express.id })
      .where(eq(curatorsVsCampaigns.id, own.id))
      .returning();
    await log(deps, tx, { type: 'user', id: curatorId }, 'custom_campaign.playlist_chosen', c.id, {
      playlist_id: playlistId,
      express_campaign_id: express.id,
    });
    await tell(
      deps,
      tx,
      c.artistId,
      'custom.notify.opted_in',
      { name: c.name, playlist: playlist.name },
      c.id,
      `/campaigns/${c.id}`,
    );
    return { link: link!, expressId: express.id };
  });
  // The curator chose to take the campaign (after listening, at the opt-in): the engine approves the
  // placement at once, with what the curator heard on its timeline.
  const heard = await expressListen.customListenProgress(deps.database, link.campaignId, curatorId);
  await machine.approve(deps, curatorId, expressId, { listenedBefore: heard.listened_seconds });
  return link;
}

/**
 * The curator says the track is on the playlist (`PUT curator/curator_vs_campaign/playlist/submit/
 * {campaignId}/{playlistId}`): the engine checks it on Spotify (verifying, then on going).
 * @throws NotFoundError, ConflictError 409 `express.not_waiting`
 */
export async function submitPlacement(
  deps: Deps,
  curatorId: number,
  campaignId: number,
  playlistId: number,
): Promise<{ found: boolean; express_campaign_id: number }> {
  const [link] = await deps.database.db
    .select()
    .from(curatorsVsCampaigns)
    .where(
      and(
        eq(curatorsVsCampaigns.campaignId, campaignId),
        eq(curatorsVsCampaigns.curatorId, curatorId),
        eq(curatorsVsCampaigns.playlistId, playlistId),
      ),
    );
  if (!link?.expressCampaignId) throw new NotFoundError();
  const result = await machine.submit(deps, curatorId, link.expressCampaignId);
  return { found: result.found, express_campaign_id: link.expressCampaignId };
}

/** Void the unclaimed slots of a campaign (refund desc 3) and mark the opt-in window closed. */
async function closeOptIns(deps: Deps, tx: Tx, c: CustomCampaign, now: Date, actor: Actor): Promise<number> {
  const free = await tx.client.query<{ id: number; hold_id: string }>(
    `select id, hold_id from custom_campaign_slots
      where campaign_id = $1 and express_campaign_id is null and voided_at is null
      order by slot_no for update`,
    [c.id],
  );
  let refunded = 0;
  for (const s of free.rows) {
    const r = await voidHold(tx, Number(s.hold_id), {
      refundType: 'not_delivered',
      meta: { campaign_type: 'custom', campaign_id: c.id },
    });
    refunded += r?.refunded ?? 0;
    await tx.db.update(customCampaignSlots).set({ voidedAt: now }).where(eq(customCampaignSlots.id, s.id));
  }
  await tx.db
    .update(customCampaigns)
    .set({ closedAt: now, updatedAt: now })
    .where(eq(customCampaigns.id, c.id));
  await log(deps, tx, actor, 'custom_campaign.closed', c.id, { refunded });
  return refunded;
}

/**
 * Do what is due for one published campaign (jobs and the sweeper call this; safe twice): close the
 * opt-in window when it has passed (unclaimed slots refunded), then complete the campaign once every
 * placement has ended (the artist is told what was paid and refunded).
 */
export async function advance(deps: Deps, campaignId: number): Promise<void> {
  const now = deps.clock.now();
  await withTransaction(deps.database, async (tx) => {
    const [c] = await tx.db
      .select()
      .from(customCampaigns)
      .where(and(eq(customCampaigns.id, campaignId), eq(customCampaigns.status, S.PUBLISHED)))
      .for('update');
    if (!c || c.completedAt) return;
    if (!c.closedAt) {
      if (!c.optInUntil || c.optInUntil > now) return;
      await closeOptIns(deps, tx, c, now, { type: 'system', id: null });
    }
    const [open] = await tx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(expressCampaigns)
      .innerJoin(customCampaignSlots, eq(customCampaignSlots.expressCampaignId, expressCampaigns.id))
      .where(and(eq(customCampaignSlots.campaignId, c.id), inArray(expressCampaigns.statusId, OPEN_EXPRESS)));
    if ((open?.n ?? 0) > 0) return;
    await tx.db
      .update(customCampaigns)
      .set({ completedAt: now, updatedAt: now })
      .where(eq(customCampaigns.id, c.id));
    const money = await moneyOf(tx.client, c.id);
    await log(deps, tx, { type: 'system', id: null }, 'custom_campaign.completed', c.id, money);
    await tell(
      deps,
      tx,
      c.artistId,
      'custom.notify.completed',
      { name: c.name, paid: money.paid, refunded: money.refunded },
      c.id,
      `/campaigns/${c.id}`,
    );
  });
}

/**
 * Advance every published campaign with something due (opt-in window passed, or closed with all
 * placements ended). Runs each minute and after the sandbox clock moves.
 * @returns how many were looked at
 */
export async function sweep(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.database.db
    .select({ id: customCampaigns.id })
    .from(customCampaigns)
    .where(
      and(
        eq(customCampaigns.status, S.PUBLISHED),
        isNull(customCampaigns.completedAt),
        sql`(${customCampaigns.closedAt} is not null or ${customCampaigns.optInUntil} <= ${now.toISOString()})`,
      ),
    )
    .limit(500);
  for (const { id } of due) await advance(deps, id);
  return due.length;
}

/**
 * Staff force-end a published campaign: every open placement is force-ended on the engine
 * (`completed`: the curator paid where the placement was seen, refunded where it never was, as
 * `forceEndOutcomes` allows; `refunded`: the artist refunded), unclaimed slots are refunded and the
 * campaign completes.
 * @throws NotFoundError, ConflictError 409 `custom.not_published`
 */
export async function forceEndCampaign(
  deps: Deps,
  adminId: number,
  id: number,
  outcome: 'completed' | 'refunded',
  note?: string,
): Promise<void> {
  const c = await loadOwn(deps, id);
  if (c.status !== S.PUBLISHED || c.completedAt) throw new ConflictError('custom.not_published');
  const children = await deps.database.db
    .select({ id: expressCampaigns.id, statusId: expressCampaigns.statusId })
    .from(expressCampaigns)
    .innerJoin(customCampaignSlots, eq(customCampaignSlots.expressCampaignId, expressCampaigns.id))
    .where(and(eq(customCampaignSlots.campaignId, id), inArray(expressCampaigns.statusId, OPEN_EXPRESS)));
  for (const child of children) {
    // A placement never seen cannot be paid: it is refunded whatever the outcome.
    const fits = forceEndOutcomes(child.statusId).includes(outcome) ? outcome : 'refunded';
    try {
      await machine.forceEnd(deps, adminId, child.id, fits, note);
    } catch (err) {
      // Ended meanwhile by its own deadline: its money already moved once.
      if (!(err instanceof ConflictError)) throw err;
    }
  }
  const now = deps.clock.now();
  await withTransaction(deps.database, async (tx) => {
    const [locked] = await tx.db
      .select()
      .from(customCampaigns)
      .where(
        and(
          eq(customCampaigns.id, id),
          eq(customCampaigns.status, S.PUBLISHED),
          isNull(customCampaigns.completedAt),
        ),
      )
      .for('update');
    if (!locked) throw new ConflictError('custom.not_published');
    if (!locked.closedAt) await closeOptIns(deps, tx, locked, now, { type: 'admin', id: adminId });
    await tx.db
      .update(customCampaigns)
      .set({ completedAt: now, updatedAt: now })
      .where(eq(customCampaigns.id, id));
    const money = await moneyOf(tx.client, id);
    await log(deps, tx, { type: 'admin', id: adminId }, 'custom_campaign.force_ended', id, {
      outcome,
      note,
      ...money,
    });
    await tell(
      deps,
      tx,
      locked.artistId,
      'custom.notify.completed',
      { name: locked.name, paid: money.paid, refunded: money.refunded },
      id,
      `/campaigns/${id}`,
    );
  });
}

/**
 * Where a campaign's coins are (the money invariant): `held` = the slots' coins; `paid` = posted
 * to curators (fee included); `refunded` = returned to the artist; `open` = still in escrow. Always
 * held = paid + refunded + open.
 */
export async function moneyOf(
  runner: Pick<Tx['client'], 'query'>,
  campaignId: number,
): Promise<{
  held: number;
  paid: number;
  refunded: number;
  open: number;
  total: number;
  claimed: number;
  voided: number;
}> {
  const { rows } = await runner.query<{
    held: string;
    paid: string;
    refunded: string;
    total: string;
    claimed: string;
    voided: string;
  }>(
    `select coalesce(sum(s.coins), 0) as held,
            coalesce(sum(case when h.status = 'posted' then h.posted_amount else 0 end), 0) as paid,
            coalesce(sum(case when h.status = 'posted' then h.amount - h.posted_amount
                              when h.status = 'voided' then h.amount else 0 end), 0) as refunded,
            count(*) as total,
            count(s.express_campaign_id) as claimed,
            count(s.voided_at) as voided
       from custom_campaign_slots s join ledger_holds h on h.id = s.hold_id
      where s.campaign_id = $1`,
    [campaignId],
  );
  const r = rows[0]!;
  const held = Number(r.held);
  const paid = Number(r.paid);
  const refunded = Number(r.refunded);
  return {
    held,
    paid,
    refunded,
    open: held - paid - refunded,
    total: Number(r.total),
    claimed: Number(r.claimed),
    voided: Number(r.voided),
  };
}
