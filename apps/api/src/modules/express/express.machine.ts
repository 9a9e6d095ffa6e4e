import {
  type AuditAction,
  countWords,
  forceEndOutcomes,
  type LocalizedParam,
  localizedParam,
  EXPRESS_CAMPAIGN_STATUS as S,
} from '@lm/contracts';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { audit } from '../audit';
import type { NotificationParam } from '../notifications';
import { getSettings } from '../settings';
import { recomputeForCampaign, registerCampaignRefund } from '../trust';
import { DESC, postHold, voidHold } from '../wallet';
import { emitWebhook } from '../webhooks';
import { declineReason } from './express.catalog';
import { belongsInHistory, recordCheck } from './express.checks';
import { assertListened } from './express.listen';
import { type ExpressNotice, tellUser } from './express.notify';
import { expressCampaignEvents, expressCampaigns } from './express.schema';
import type { ExpressCheck, ExpressPlatformAdapter } from './platforms/adapter';
import { adapterFor } from './platforms/index';

/**
 * The express campaign engine: one state machine (statuses 1 to 8) for every platform (Spotify
 * playlist placement, TikTok video, Instagram reel). Every transition is one function running one
 * transaction: a guarded status change (`update ... where status_id in (...)`, so of concurrent
 * approve/decline/deadline/force-end exactly one wins), the ledger effect, the timeline event, the
 * audit entry, the notification and the next deadline job.
 *
 * What differs per platform (does the submission prove the promise, is it still there, what did it
 * achieve) is asked of the campaign's adapter (`platforms/<name>.adapter.ts`, chosen by
 * `campaign_type_id`); this file never calls a platform's API.
 *
 * Durations are days; timings (`ExpressTiming`) are minutes.
 */

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;
export type Campaign = typeof expressCampaigns.$inferSelect;
export type Actor = { type: 'user' | 'admin' | 'system'; id?: number | null };

export const ADVANCE_QUEUE = 'express.advance';
export const SWEEP_QUEUE = 'express.sweep';

/** End states: completed (including force-ended as completed), declined, failed to submit. */
const ENDED = [S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT] as const;
const minutes = (n: number) => n * 60_000;
const days = (n: number) => n * 86_400_000;

/**
 * Why a transition happened, on the timeline: a message key of the shared catalogs (translated into
 * the reader's language when the timeline is read) or an admin's own words.
 */
/**
 * Timeline notes of a proof that failed for a reason the adapter gave (its message key): while the
 * seller may still fix it, and once the deadline has passed.
 */
const TIMELINE_REASON: Record<string, string> = {
  'express.disclosure_missing': 'express.timeline.disclosure_missing',
};
const TIMELINE_REASON_PAST: Record<string, string> = {
  'express.disclosure_missing': 'express.timeline.disclosure_missing_past_deadline',
};

export type TimelineNote =
  | { key: string; params?: NoteParams; text?: undefined }
  | { text: string; key?: undefined; params?: NoteParams }
  | { params: NoteParams; key?: undefined; text?: undefined };
/** A timeline note's parameters: raw numbers and texts, or texts written in the reader's language. */
type NoteParams = Record<string, string | number | LocalizedParam>;

/**
 * Guarded status change plus its timeline event. Answers null when the campaign is not in one of
 * `from` (someone else moved it first).
 */
async function move(
  deps: Pick<Deps, 'jobs'>,
  tx: Tx,
  id: number,
  from: readonly number[],
  to: number,
  actor: Actor,
  now: Date,
  set: Partial<typeof expressCampaigns.$inferInsert> = {},
  note?: TimelineNote,
): Promise<Campaign | null> {
  const [row] = await tx.db
    .update(expressCampaigns)
    .set({ ...set, statusId: to, updatedAt: now })
    .where(and(eq(expressCampaigns.id, id), inArray(expressCampaigns.statusId, [...from])))
    .returning();
  if (!row) return null;
  const fromStatus = from.length === 1 ? from[0]! : null;
  await tx.db.insert(expressCampaignEvents).values({
    campaignId: id,
    fromStatus,
    toStatus: to,
    actorType: actor.type,
    actorId: actor.id ?? null,
    note: note?.text ?? null,
    noteKey: note?.key ?? null,
    noteParams: note?.params ?? null,
    createdAt: now,
  });
  if ((ENDED as readonly number[]).includes(to)) await cancelPendingJobs(deps, tx, id);
  await emitWebhook(
    deps,
    tx,
    row.artistId,
    'campaign.status_changed',
    { campaign_id: id, platform: adapterFor(row.campaignTypeId).key, from_status: fromStatus, to_status: to },
    now,
  );
  // the offer's quality score follows every transition, in the same transaction.
  await recomputeForCampaign(tx, row, now);
  return row;
}

/**
 * Cancel the campaign's pending advance jobs (deadline and check jobs not yet started) through pg-boss,
 * in the transaction that ended it (an ended campaign leaves no scheduled work behind). A job
 * already running (the one ending it, say) finishes normally. Jobs are found by their singleton key
 * `express-<campaign id>-<due time>` (see `schedule`).
 * @returns how many jobs were cancelled
 */
export async function cancelPendingJobs(
  deps: Pick<Deps, 'jobs'>,
  tx: Tx,
  campaignId: number,
): Promise<number> {
  const pending = await tx.client.query<{ id: string }>(
    `select id::text from pgboss.job
      where name = $1 and state in ('created', 'retry') and singleton_key like $2`,
    [ADVANCE_QUEUE, `express-${campaignId}-%`],
  );
  if (pending.rows.length === 0) return 0;
  return deps.jobs.cancel(
    ADVANCE_QUEUE,
    pending.rows.map((r) => r.id),
    tx,
  );
}

/** One advance job for the campaign at `at` (the sandbox clock's time), once per campaign and time. */
async function schedule(deps: Pick<Deps, 'jobs' | 'clock'>, tx: Tx, campaignId: number, at: Date) {
  await deps.jobs.send(ADVANCE_QUEUE, { campaignId }, advanceJob(deps, campaignId, at), tx);
}

/** The start (seconds from the sandbox clock's now) and singleton key of the campaign's advance job at `at`. */
function advanceJob(deps: Pick<Deps, 'clock'>, campaignId: number, at: Date) {
  const seconds = Math.max(1, Math.ceil((at.getTime() - deps.clock.now().getTime()) / 1000));
  return { startAfter: seconds, singletonKey: `express-${campaignId}-${at.getTime()}` };
}

/** How long before the answer deadline the seller is reminded. */
export const ANSWER_REMINDER_MS = days(1);

/**
 * The answer deadline of a request created at `createdAt` with `answerDays` (the creation's
 * settings).
 */
export function answerDeadlineFrom(createdAt: Date, answerDays: number): Date {
  return new Date(createdAt.getTime() + days(answerDays));
}

/** Whether the request's answer window is long enough for a reminder a day before its end. */
function remindable(
  c: Pick<Campaign, 'createdAt' | 'answerDeadline'>,
): c is Campaign & { answerDeadline: Date } {
  return c.answerDeadline !== null && c.answerDeadline.getTime() - c.createdAt.getTime() > ANSWER_REMINDER_MS;
}

/**
 * At creation, in the creating transaction: the request's two advance jobs, the seller's reminder a
 * day before the answer deadline (when the window is longer than a day) and the deadline itself,
 * queued with the transaction's other writes as one statement (a new campaign has no job to cancel). The
 * minute sweeper finds both as well ({@link sweep}), so a moved sandbox clock or a lost job changes
 * nothing.
 */
export async function scheduleAnswerJobs(
  deps: Pick<Deps, 'jobs' | 'clock'>,
  tx: Tx,
  c: Pick<Campaign, 'id' | 'createdAt' | 'answerDeadline'>,
): Promise<void> {
  if (!c.answerDeadline) return;
  const due = remindable(c)
    ? [new Date(c.answerDeadline.getTime() - ANSWER_REMINDER_MS), c.answerDeadline]
    : [c.answerDeadline];
  await deps.jobs.sendLater(
    tx,
    ADVANCE_QUEUE,
    due.map((at) => ({ data: { campaignId: c.id }, ...advanceJob(deps, c.id, at) })),
  );
}

async function tell(
  deps: Deps,
  tx: Tx,
  userId: number,
  step: ExpressNotice,
  params: Record<string, NotificationParam>,
  campaignId: number,
  campaignType: number,
) {
  await tellUser(
    deps,
    tx,
    userId,
    step,
    params,
    campaignId,
    adapterFor(campaignType).campaignPath(campaignId),
    campaignType,
  );
}

type ExpressAuditStep<A> = A extends `express.${infer Step}` ? Step : never;

/** Record the transition in the audit log (actor, from/to). */
async function log(
  deps: Deps,
  tx: Tx,
  actor: Actor,
  c: Campaign,
  action: ExpressAuditStep<AuditAction>,
  meta: Record<string, unknown> = {},
) {
  await audit(
    deps.database,
    { type: actor.type === 'system' ? 'system' : actor.type, id: actor.id ?? null },
    {
      action: `express.${action}`,
      targetType: 'express_campaign',
      targetId: c.id,
      meta: { status: c.statusId, ...meta },
    },
    tx,
  );
}

/**
 * The seller (curator or influencer) approves (1 → 2 Waiting for submission); the submission deadline
 * is `playlist_submission_days` from now; the adapter's terms (target views) are fixed now. Only after
 * listening `min_listen_seconds` (express.listen.ts); the seconds heard ride on the timeline event.
 * @throws NotFoundError when the campaign is not the curator's; ConflictError 409 when not pending,
 *   409 `express.listen_first` before the listening time
 * @param options.listenedBefore the seconds heard before a decision taken elsewhere (a curator's
 *   opt-in to a custom campaign, which the rule held), written on the timeline instead of checking
 */
export async function approve(
  deps: Deps,
  curatorId: number,
  campaignId: number,
  options: { listenedBefore?: number } = {},
): Promise<Campaign> {
  const now = deps.clock.now();
  // Terms may come from the platform (a slow call): read them before the transaction; the guarded
  // move below still decides whether this approval wins.
  const before = await withTransaction(deps.database, (tx) => ownCampaign(tx, campaignId, { curatorId }));
  const adapter = adapterFor(before.campaignTypeId);
  const terms =
    before.statusId === S.PENDING_APPROVAL && adapter.termsAtApproval
      ? await adapter.termsAtApproval(deps, before)
      : null;
  return withTransaction(deps.database, async (tx) => {
    const current = await ownCampaign(tx, campaignId, { curatorId });
    // Hear it first: the seller decides once the server counted `min_listen_seconds` of listening.
    // A custom campaign's placement was heard before the curator opted in (`listenedBefore`).
    const listened = options.listenedBefore ?? (await assertListened(tx, current));
    const timing = adapter.timing;
    const deadline = new Date(now.getTime() + days(current.playlistSubmissionDays));
    const c = await move(
      deps,
      tx,
      campaignId,
      [S.PENDING_APPROVAL],
      S.WAITING_SUBMISSION,
      { type: 'user', id: curatorId },
      now,
      {
        submissionDeadline: deadline,
        nextCheckAt: new Date(now.getTime() + minutes(timing.checkEveryWaitingMinutes)),
        ...(terms ? { targetViews: terms.targetViews } : {}),
      },
      { params: { listened_seconds: listened } },
    );
    if (!c) throw new ConflictError('express.not_pending');
    await log(deps, tx, { type: 'user', id: curatorId }, c, 'approved');
    await tell(
      deps,
      tx,
      c.artistId,
      'approved',
      { track: c.trackName, date: deadline.toISOString().slice(0, 10) },
      c.id,
      c.campaignTypeId,
    );
    await schedule(deps, tx, c.id, deadline);
    await schedule(deps, tx, c.id, c.nextCheckAt!);
    return c;
  });
}

/** What a seller says when declining: a reason of the platform's list and written feedback. */
export interface DeclineInput {
  reasonId: number;
  /** The seller's words for the artist; `min_feedback_words` words at least. */
  feedback: string | undefined;
}

/**
 * A decline's body as the engine reads it: the feedback is `feedback`, or the spec's optional `reason`
 * words an older client sends instead.
 */
export function declineInput(body: { reason_id: number; reason?: string; feedback?: string }): DeclineInput {
  return { reasonId: body.reason_id, feedback: body.feedback ?? body.reason };
}

/**
 * Say why: a decline carries a reason of the campaign's platform list and written feedback of at least
 * `min_feedback_words` words (`countWords` of `@lm/contracts`, the apps' count). Read in the decision's
 * transaction.
 * @throws ValidationError 422 `express.reason_required` on `reason_id` (unknown, retired or another
 *   platform's reason), `express.feedback_too_short` on `feedback` with the minimum as `count`
 */
async function checkDecline(tx: Tx, campaignTypeId: number, input: DeclineInput) {
  const reason = await declineReason(tx, input.reasonId, campaignTypeId);
  const feedback = input.feedback?.trim() ?? '';
  const { min_feedback_words } = await getSettings(tx);
  if (countWords(feedback) < min_feedback_words)
    throw new ValidationError({
      feedback: [{ key: 'express.feedback_too_short', params: { count: min_feedback_words } }],
    });
  return { reason, feedback: feedback || null };
}

/**
 * Curator or creator declines with a reason and feedback (1 → 7 Declined): the hold is voided, the
 * artist refunded in full. Like approving, only after listening `min_listen_seconds` (409
 * `express.listen_first`), checked before the reason and feedback. The reason is stored by id (its
 * English text in `decline_reason` with the feedback, as older clients read it) and told to the artist
 * in the reader's language (timeline note and notification carry its texts, `localizedParam`).
 * @throws ValidationError 422 from {@link checkDecline}
 */
export async function decline(
  deps: Deps,
  curatorId: number,
  campaignId: number,
  input: DeclineInput,
): Promise<Campaign> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const current = await ownCampaign(tx, campaignId, { curatorId });
    const listened = await assertListened(tx, current);
    const { reason, feedback } = await checkDecline(tx, current.campaignTypeId, input);
    const said = localizedParam(reason.reason, reason.translations.reason);
    const c = await move(
      deps,
      tx,
      campaignId,
      [S.PENDING_APPROVAL],
      S.DECLINED,
      { type: 'user', id: curatorId },
      now,
      {
        declineReasonId: reason.id,
        declineReason: feedback ? `${reason.reason}: ${feedback}` : reason.reason,
        declineFeedback: feedback,
        endReason: 'declined',
        completedAt: now,
        paidCoins: 0,
        refundedCoins: current.price,
      },
      { key: 'express.timeline.declined_because', params: { reason: said, listened_seconds: listened } },
    );
    if (!c) throw new ConflictError('express.not_pending');
    await refundAll(deps, tx, c, 'declined');
    await log(deps, tx, { type: 'user', id: curatorId }, c, 'declined', {
      reason: reason.reason,
      reason_id: reason.id,
    });
    await tell(
      deps,
      tx,
      c.artistId,
      'declined',
      { track: c.trackName, reason: said, coins: c.price },
      c.id,
      c.campaignTypeId,
    );
    return c;
  });
}

/**
 * The artist takes back a request nobody has answered yet (1 → 7 Declined, end reason `withdrawn`):
 * the hold is voided, the artist refunded in full, the seller told, the request's jobs cancelled. Of
 * a withdrawal and an approval (or a decline, or the deadline job) at the same moment, the guarded
 * status change decides: one wins, the other gets 409 `express.not_pending`.
 * @param byStaff a staff member withdrawing for the artist (audited and timelined as them)
 * @throws NotFoundError when the campaign is not the artist's; ConflictError 409 when not pending
 *   (`express.not_pending`) or a placement of a custom campaign (`express.not_withdrawable`)
 */
export async function withdraw(
  deps: Deps,
  artistId: number | null,
  campaignId: number,
  byStaff?: { adminId: number },
): Promise<Campaign> {
  const now = deps.clock.now();
  const actor: Actor = byStaff ? { type: 'admin', id: byStaff.adminId } : { type: 'user', id: artistId };
  return withTransaction(deps.database, async (tx) => {
    const current = await ownCampaign(tx, campaignId, artistId === null ? {} : { artistId });
    // A placement of a custom (managed) campaign is paid from the custom campaign's slot: it ends
    // through the custom campaign, never on its own.
    const slot = await tx.client.query('select 1 from custom_campaign_slots where express_campaign_id = $1', [
      campaignId,
    ]);
    if (slot.rows.length > 0) throw new ConflictError('express.not_withdrawable');
    const c = await move(
      deps,
      tx,
      campaignId,
      [S.PENDING_APPROVAL],
      S.DECLINED,
      actor,
      now,
      { endReason: 'withdrawn', completedAt: now, paidCoins: 0, refundedCoins: current.price },
      { key: byStaff ? 'express.timeline.withdrawn_by_staff' : 'express.timeline.withdrawn' },
    );
    if (!c) throw new ConflictError('express.not_pending');
    await refundAll(deps, tx, c, 'withdrawn');
    await log(deps, tx, actor, c, 'withdrawn', byStaff ? { on_behalf_of: c.artistId } : {});
    await tell(deps, tx, c.curatorId, 'withdrawn_curator', { track: c.trackName }, c.id, c.campaignTypeId);
    if (byStaff)
      await tell(
        deps,
        tx,
        c.artistId,
        'withdrawn_by_staff',
        { track: c.trackName, coins: c.price },
        c.id,
        c.campaignTypeId,
      );
    return c;
  });
}

/**
 * A request at its answer deadline with no answer (1 → 7 Declined by the system, end reason
 * `unanswered`): a full refund, both sides told. Safe to run twice and against a last-second
 * approval: the guarded move lets exactly one through.
 */
async function expireUnanswered(deps: Deps, c: Campaign, now: Date): Promise<void> {
  const system: Actor = { type: 'system' };
  await withTransaction(deps.database, async (tx) => {
    const moved = await move(
      deps,
      tx,
      c.id,
      [S.PENDING_APPROVAL],
      S.DECLINED,
      system,
      now,
      { endReason: 'unanswered', completedAt: now, nextCheckAt: null, paidCoins: 0, refundedCoins: c.price },
      { key: 'express.timeline.unanswered' },
    );
    if (!moved) return;
    await refundAll(deps, tx, moved, 'unanswered');
    await log(deps, tx, system, moved, 'unanswered');
    await tell(
      deps,
      tx,
      moved.artistId,
      'unanswered',
      { track: moved.trackName, coins: moved.price },
      moved.id,
      moved.campaignTypeId,
    );
    await tell(
      deps,
      tx,
      moved.curatorId,
      'unanswered_curator',
      { track: moved.trackName },
      moved.id,
      moved.campaignTypeId,
    );
  });
}

/**
 * The seller's reminder a day before the answer deadline, at most once: the guarded update of
 * `answer_reminded_at` lets one of two concurrent runs through, and only while the request waits.
 */
async function remindSeller(deps: Deps, c: Campaign & { answerDeadline: Date }, now: Date): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(expressCampaigns)
      .set({ answerRemindedAt: now })
      .where(
        and(
          eq(expressCampaigns.id, c.id),
          eq(expressCampaigns.statusId, S.PENDING_APPROVAL),
          isNull(expressCampaigns.answerRemindedAt),
        ),
      )
      .returning({ id: expressCampaigns.id });
    if (!row) return;
    await tell(
      deps,
      tx,
      c.curatorId,
      'answer_reminder',
      { track: c.trackName, date: c.answerDeadline.toISOString().slice(0, 10) },
      c.id,
      c.campaignTypeId,
    );
  });
}

/** Give the artist every held coin back (`refundType`: why), and tell their webhooks. */
async function refundAll(deps: Pick<Deps, 'jobs'>, tx: Tx, c: Campaign, refundType: string) {
  if (!c.holdId) return;
  await voidHold(tx, c.holdId, {
    refundType,
    meta: { campaign_type: adapterFor(c.campaignTypeId).key, campaign_id: c.id },
  });
  // Dated as the transition that refunds (the moved row's `updated_at`, on the product's clock).
  await emitWebhook(
    deps,
    tx,
    c.artistId,
    'campaign.refunded',
    {
      campaign_id: c.id,
      platform: adapterFor(c.campaignTypeId).key,
      price_coins: c.price,
      refunded_coins: c.price,
      reason: refundType,
    },
    c.updatedAt,
  );
}

/**
 * Post `coins` of the hold to the seller (less the platform fee) and refund the rest to the artist
 * (desc 3 `complete_refund`); records paid + refunded = price on the campaign.
 */
async function payOut(deps: Deps, tx: Tx, c: Campaign, coins: number) {
  if (!c.holdId) return { paid: 0, fee: 0, refunded: 0 };
  const r = await postHold(
    tx,
    c.holdId,
    coins,
    { userId: c.curatorId },
    {
      descId: DESC.CAMPAIGN_PURCHASE,
      feePercent: c.feePercent,
      meta: { campaign_type: adapterFor(c.campaignTypeId).key, campaign_id: c.id },
    },
  );
  const result = r ?? { paid: 0, fee: 0, refunded: 0 };
  await tx.db
    .update(expressCampaigns)
    .set({ paidCoins: coins, refundedCoins: c.price - coins })
    .where(eq(expressCampaigns.id, c.id));
  const event = { campaign_id: c.id, platform: adapterFor(c.campaignTypeId).key, price_coins: c.price };
  const at = c.updatedAt;
  await emitWebhook(
    deps,
    tx,
    c.artistId,
    'campaign.completed',
    { ...event, paid_coins: coins, refunded_coins: c.price - coins },
    at,
  );
  if (coins < c.price)
    await emitWebhook(
      deps,
      tx,
      c.artistId,
      'campaign.refunded',
      { ...event, refunded_coins: c.price - coins, reason: 'partial' },
      at,
    );
  return result;
}

/**
 * The views a proof or presence check read (TikTok, Instagram), as campaign columns: the views read at
 * fixed points start with the first proof, not the first daily check. Nothing when the
 * platform gave no figure.
 */
function viewsRead(check: ExpressCheck, now: Date): Partial<typeof expressCampaigns.$inferInsert> {
  return typeof check.views === 'number' ? { lastViews: check.views, lastViewsAt: now } : {};
}

/**
 * The submission proved the promise (2 → 3 Verifying); it must still prove it after the platform's
 * `verifyDelayMinutes` for the campaign to go On Going. The views the proof read are recorded.
 */
async function placementSeen(
  deps: Deps,
  adapter: ExpressPlatformAdapter,
  id: number,
  actor: Actor,
  check: ExpressCheck,
): Promise<Campaign | null> {
  const position = check.position;
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const verifyAt = new Date(now.getTime() + minutes(adapter.timing.verifyDelayMinutes));
    const c = await move(
      deps,
      tx,
      id,
      [S.WAITING_SUBMISSION],
      S.VERIFYING,
      actor,
      now,
      {
        placementFoundAt: now,
        placementLastSeenAt: now,
        placementPosition: position,
        nextCheckAt: verifyAt,
        ...viewsRead(check, now),
      },
      { key: 'express.timeline.found' },
    );
    if (!c) return null;
    await log(deps, tx, actor, c, 'placement_found', { position });
    await tell(deps, tx, c.artistId, 'verifying', { track: c.trackName }, c.id, c.campaignTypeId);
    await schedule(deps, tx, c.id, verifyAt);
    return c;
  });
}

/**
 * The adapter's proof of the campaign's submission, with how the video disclosed the paid promotion
 * recorded on the campaign (`disclosure`) when the adapter says and it changed, and what it read
 * written as the day's history row (`express.checks.ts`).
 */
async function prove(deps: Deps, adapter: ExpressPlatformAdapter, c: Campaign): Promise<ExpressCheck> {
  const check = await adapter.proveSubmission(deps, c);
  if (belongsInHistory(c, check)) await recordCheck(deps.database, c.id, check, deps.clock.now());
  if (check.disclosure && check.disclosure !== c.disclosure) {
    await deps.database.db
      .update(expressCampaigns)
      .set({ disclosure: check.disclosure })
      .where(eq(expressCampaigns.id, c.id));
  }
  return check;
}

/**
 * The seller submits (Spotify `express/track/exists`: the track is added; TikTok/Instagram: this
 * video): the adapter checks the proof at once. A submitted video (`media`) is recorded first, so the
 * proof and later checks look at it.
 * @returns whether the submission proves the promise; when it does the campaign moves to Verifying
 * @throws NotFoundError when not the seller's campaign; ConflictError when not waiting for submission
 */
export async function submit(
  deps: Deps,
  sellerId: number,
  campaignId: number,
  media?: { id: string; url: string },
): Promise<{ found: boolean; campaign: Campaign; check: ExpressCheck }> {
  let current = await withTransaction(deps.database, (tx) =>
    ownCampaign(tx, campaignId, { curatorId: sellerId }),
  );
  if (current.statusId !== S.WAITING_SUBMISSION) throw new ConflictError('express.not_waiting');
  if (media) {
    const [row] = await deps.database.db
      .update(expressCampaigns)
      .set({ submittedMediaId: media.id, submittedMediaUrl: media.url, updatedAt: deps.clock.now() })
      .where(and(eq(expressCampaigns.id, campaignId), eq(expressCampaigns.statusId, S.WAITING_SUBMISSION)))
      .returning();
    if (!row) throw new ConflictError('express.not_waiting');
    current = row;
  }
  const adapter = adapterFor(current.campaignTypeId);
  const check = await prove(deps, adapter, current);
  if (!check.ok) return { found: false, campaign: current, check };
  const moved = await placementSeen(deps, adapter, campaignId, { type: 'user', id: sellerId }, check);
  if (!moved) throw new ConflictError('express.not_waiting');
  return { found: true, campaign: moved, check };
}

async function ownCampaign(
  tx: Tx,
  id: number,
  owner: { curatorId?: number; artistId?: number },
): Promise<Campaign> {
  const [c] = await tx.db.select().from(expressCampaigns).where(eq(expressCampaigns.id, id));
  if (!c) throw new NotFoundError();
  if (owner.curatorId !== undefined && c.curatorId !== owner.curatorId) throw new NotFoundError();
  if (owner.artistId !== undefined && c.artistId !== owner.artistId) throw new NotFoundError();
  return c;
}

/**
 * Admin force-end: `completed` pays the curator or influencer in full (6), `refunded` voids the hold
 * and refunds the artist (7). Only the outcomes of {@link forceEndOutcomes} fit the campaign's status
 *: a refund while it is open, paying in full only once the placement or video was seen
 * (Verifying, On Going, Auditing). The row is locked, so a concurrent decision or force-end wins or loses
 * whole. The timeline event carries the admin (its name is shown to staff).
 * @throws NotFoundError when no such campaign; ConflictError 'express.not_open' when it has ended,
 * 'express.force_end_not_placed' when paying in full is asked before the placement was seen
 */
export async function forceEnd(
  deps: Deps,
  adminId: number,
  campaignId: number,
  outcome: 'completed' | 'refunded',
  note?: string,
): Promise<Campaign> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const [current] = await tx.db
      .select({ statusId: expressCampaigns.statusId })
      .from(expressCampaigns)
      .where(eq(expressCampaigns.id, campaignId))
      .for('update');
    if (!current) throw new NotFoundError();
    const fits = forceEndOutcomes(current.statusId);
    if (fits.length === 0) throw new ConflictError('express.not_open');
    if (!fits.includes(outcome)) throw new ConflictError('express.force_end_not_placed');
    const to = outcome === 'completed' ? S.COMPLETED : S.DECLINED;
    const c = await move(
      deps,
      tx,
      campaignId,
      [current.statusId],
      to,
      { type: 'admin', id: adminId },
      now,
      { completedAt: now, nextCheckAt: null },
      note ? { text: note } : { key: `express.timeline.force_ended_${outcome}` },
    );
    if (!c) throw new ConflictError('express.not_open');
    if (outcome === 'completed') await payOut(deps, tx, c, c.price);
    else {
      await refundAll(deps, tx, c, 'force_refund');
      await tx.db
        .update(expressCampaigns)
        .set({ paidCoins: 0, refundedCoins: c.price })
        .where(eq(expressCampaigns.id, c.id));
    }
    await log(deps, tx, { type: 'admin', id: adminId }, c, 'force_ended', { outcome, note });
    await tell(
      deps,
      tx,
      c.artistId,
      outcome === 'completed' ? 'force_completed' : 'force_refunded',
      { track: c.trackName, coins: c.price },
      c.id,
      c.campaignTypeId,
    );
    await tell(
      deps,
      tx,
      c.curatorId,
      outcome === 'completed' ? 'force_completed' : 'force_refunded_curator',
      { track: c.trackName, coins: c.price },
      c.id,
      c.campaignTypeId,
    );
    return c;
  });
}

/** An artist's dispute waiting for staff (Instagram). */
export function disputePending(c: Pick<Campaign, 'disputedAt' | 'disputeDecision'>): boolean {
  return c.disputedAt !== null && c.disputeDecision === null;
}

/**
 * Verifying -> On Going (the submission proven again after the delay, or staff rejected the artist's
 * dispute): `on_going_days` from now, re-checks scheduled, the artist told.
 * @returns the moved campaign, or null when it was no longer Verifying
 */
async function goOnGoing(
  deps: Deps,
  tx: Tx,
  c: Campaign,
  actor: Actor,
  now: Date,
  note: TimelineNote,
  set: Partial<typeof expressCampaigns.$inferInsert> = {},
): Promise<Campaign | null> {
  const timing = adapterFor(c.campaignTypeId).timing;
  const until = new Date(now.getTime() + days(c.onGoingDays));
  const nextCheck = new Date(now.getTime() + minutes(timing.checkEveryOnGoingMinutes));
  const moved = await move(
    deps,
    tx,
    c.id,
    [S.VERIFYING],
    S.ON_GOING,
    actor,
    now,
    { ...set, onGoingStartedAt: now, onGoingUntil: until, placementLastSeenAt: now, nextCheckAt: nextCheck },
    note,
  );
  if (!moved) return null;
  const adapter = adapterFor(moved.campaignTypeId);
  await emitWebhook(
    deps,
    tx,
    moved.artistId,
    adapter.promise === 'video' ? 'video.verified' : 'placement.verified',
    { campaign_id: moved.id, platform: adapter.key, on_going_until: until.toISOString() },
    now,
  );
  await log(deps, tx, actor, moved, 'on_going');
  await tell(
    deps,
    tx,
    moved.artistId,
    'on_going',
    { track: moved.trackName, date: until.toISOString().slice(0, 10) },
    moved.id,
    moved.campaignTypeId,
  );
  await schedule(deps, tx, moved.id, nextCheck);
  await schedule(deps, tx, moved.id, until);
  return moved;
}

/**
 * Staff decide an artist's dispute of an Instagram reel (admin
 * /express-instagram-campaigns/{id}). `uphold`: the reel does not prove the promise (an objective
 * reason: sound missing, not public), the campaign fails (3 -> 8 Failed to submit) and the hold is
 * voided, the artist refunded in full. `reject`: the reel is verified (3 -> 4 On Going) at once.
 * One transaction with the campaign row locked, so a concurrent force-end or decision wins or loses
 * whole.
 * @throws NotFoundError when no such Instagram campaign; ConflictError 'express.no_dispute' when no
 *   dispute waits; ConflictError 'express.not_open' when the campaign is no longer Verifying
 */
export async function decideDispute(
  deps: Deps,
  adminId: number,
  campaignId: number,
  decision: 'uphold' | 'reject',
  note?: string,
): Promise<Campaign> {
  const now = deps.clock.now();
  const actor: Actor = { type: 'admin', id: adminId };
  return withTransaction(deps.database, async (tx) => {
    const [c] = await tx.db
      .select()
      .from(expressCampaigns)
      .where(eq(expressCampaigns.id, campaignId))
      .for('update');
    // Only a platform whose artist confirms the sound (a confirmation window) has disputes.
    if (!c || !adapterFor(c.campaignTypeId).accounts?.confirmWindowHours) throw new NotFoundError();
    if (!disputePending(c)) throw new ConflictError('express.no_dispute');
    if (c.statusId !== S.VERIFYING) throw new ConflictError('express.not_open');
    const decided = {
      disputeDecision: decision === 'uphold' ? 'upheld' : 'rejected',
      disputeDecidedAt: now,
      disputeDecidedBy: adminId,
    };
    if (decision === 'reject') {
      const moved = await goOnGoing(
        deps,
        tx,
        c,
        actor,
        now,
        note ? { text: note } : { key: 'express.timeline.dispute_rejected' },
        decided,
      );
      if (!moved) throw new ConflictError('express.not_open');
      await log(deps, tx, actor, moved, 'dispute_rejected', { note });
      await tell(
        deps,
        tx,
        moved.curatorId,
        'dispute_rejected_influencer',
        { track: moved.trackName },
        moved.id,
        moved.campaignTypeId,
      );
      return moved;
    }
    const moved = await move(
      deps,
      tx,
      c.id,
      [S.VERIFYING],
      S.FAILED_TO_SUBMIT,
      actor,
      now,
      { ...decided, completedAt: now, nextCheckAt: null, paidCoins: 0, refundedCoins: c.price },
      note ? { text: note } : { key: 'express.timeline.dispute_upheld' },
    );
    if (!moved) throw new ConflictError('express.not_open');
    await refundAll(deps, tx, moved, 'dispute_upheld');
    await log(deps, tx, actor, moved, 'dispute_upheld', { note });
    await tell(
      deps,
      tx,
      moved.artistId,
      'dispute_upheld',
      { track: moved.trackName, coins: moved.price },
      moved.id,
      moved.campaignTypeId,
    );
    await tell(
      deps,
      tx,
      moved.curatorId,
      'dispute_upheld_influencer',
      { track: moved.trackName },
      moved.id,
      moved.campaignTypeId,
    );
    return moved;
  });
}

/**
 * Do whatever is due for one campaign at the clock's now (jobs and the sweeper call this; safe to run
 * twice: each step is guarded by status and time).
 */
export async function advance(deps: Deps, campaignId: number): Promise<void> {
  const now = deps.clock.now();
  const [c] = await deps.database.db
    .select()
    .from(expressCampaigns)
    .where(eq(expressCampaigns.id, campaignId));
  if (!c) return;
  const system: Actor = { type: 'system' };
  const adapter = adapterFor(c.campaignTypeId);
  const { timing } = adapter;

  if (c.statusId === S.PENDING_APPROVAL) {
    if (!c.answerDeadline) return;
    if (c.answerDeadline <= now) await expireUnanswered(deps, c, now);
    else if (
      remindable(c) &&
      c.answerRemindedAt === null &&
      c.answerDeadline.getTime() - now.getTime() <= ANSWER_REMINDER_MS
    )
      await remindSeller(deps, c, now);
    return;
  }

  if (c.statusId === S.WAITING_SUBMISSION) {
    if (c.submissionDeadline && c.submissionDeadline <= now) {
      // Last look before failing: a placement added just in time still counts.
      const check = await prove(deps, adapter, c);
      if (check.ok) {
        await placementSeen(deps, adapter, c.id, system, check);
        return;
      }
      await withTransaction(deps.database, async (tx) => {
        const moved = await move(
          deps,
          tx,
          c.id,
          [S.WAITING_SUBMISSION],
          S.FAILED_TO_SUBMIT,
          system,
          now,
          { completedAt: now, nextCheckAt: null, paidCoins: 0, refundedCoins: c.price },
          {
            key: check.reason
              ? (TIMELINE_REASON_PAST[check.reason] ?? 'express.timeline.no_submission')
              : 'express.timeline.no_submission',
          },
        );
        if (!moved) return;
        await refundAll(deps, tx, moved, 'expired');
        await log(deps, tx, system, moved, 'submission_expired');
        await tell(
          deps,
          tx,
          moved.artistId,
          'expired',
          { track: moved.trackName, coins: moved.price },
          moved.id,
          moved.campaignTypeId,
        );
        await tell(
          deps,
          tx,
          moved.curatorId,
          'expired_curator',
          { track: moved.trackName },
          moved.id,
          moved.campaignTypeId,
        );
      });
      return;
    }
    if (c.nextCheckAt && c.nextCheckAt <= now) {
      const check = await prove(deps, adapter, c);
      if (check.ok) await placementSeen(deps, adapter, c.id, system, check);
      else {
        const next = new Date(now.getTime() + minutes(timing.checkEveryWaitingMinutes));
        await deps.database.db
          .update(expressCampaigns)
          .set({ nextCheckAt: next })
          .where(and(eq(expressCampaigns.id, c.id), eq(expressCampaigns.statusId, S.WAITING_SUBMISSION)));
      }
    }
    return;
  }

  if (c.statusId === S.VERIFYING && c.nextCheckAt && c.nextCheckAt <= now) {
    // A dispute the artist opened waits for staff (decideDispute), whatever the delay says.
    if (disputePending(c)) return;
    const check = await prove(deps, adapter, c);
    await withTransaction(deps.database, async (tx) => {
      if (check.ok) {
        // The row lock orders this with a dispute being opened at the same instant.
        const [locked] = await tx.db
          .select()
          .from(expressCampaigns)
          .where(eq(expressCampaigns.id, c.id))
          .for('update');
        if (!locked || disputePending(locked)) return;
        // Verified: the views read by this proof are the campaign's views at On Going.
        await goOnGoing(
          deps,
          tx,
          locked,
          system,
          now,
          { key: 'express.timeline.verified' },
          viewsRead(check, now),
        );
        return;
      }
      const pastDeadline = c.submissionDeadline !== null && c.submissionDeadline <= now;
      const moved = pastDeadline
        ? await move(
            deps,
            tx,
            c.id,
            [S.VERIFYING],
            S.FAILED_TO_SUBMIT,
            system,
            now,
            { completedAt: now, nextCheckAt: null, paidCoins: 0, refundedCoins: c.price },
            {
              key:
                (check.reason && TIMELINE_REASON_PAST[check.reason]) || 'express.timeline.gone_past_deadline',
            },
          )
        : await move(
            deps,
            tx,
            c.id,
            [S.VERIFYING],
            S.WAITING_SUBMISSION,
            system,
            now,
            {
              nextCheckAt: new Date(now.getTime() + minutes(timing.checkEveryWaitingMinutes)),
              placementFoundAt: null,
            },
            {
              key: (check.reason && TIMELINE_REASON[check.reason]) || 'express.timeline.not_found_verifying',
            },
          );
      if (!moved) return;
      if (pastDeadline) await refundAll(deps, tx, moved, 'expired');
      await log(deps, tx, system, moved, pastDeadline ? 'submission_expired' : 'verification_failed');
      await tell(
        deps,
        tx,
        moved.curatorId,
        check.reason === 'express.disclosure_missing' ? 'disclosure_missing' : 'verification_failed',
        { track: moved.trackName },
        moved.id,
        moved.campaignTypeId,
      );
    });
    return;
  }

  if (c.statusId === S.ON_GOING) {
    if (c.onGoingUntil && c.onGoingUntil <= now) {
      await withTransaction(deps.database, async (tx) => {
        const until = new Date(now.getTime() + days(c.auditingDays));
        const moved = await move(
          deps,
          tx,
          c.id,
          [S.ON_GOING],
          S.AUDITING,
          system,
          now,
          { auditingUntil: until, nextCheckAt: null },
          { key: 'express.timeline.on_going_over' },
        );
        if (!moved) return;
        await log(deps, tx, system, moved, 'auditing');
        await schedule(deps, tx, moved.id, until);
      });
      return;
    }
    if (c.nextCheckAt && c.nextCheckAt <= now) {
      const check = await adapter.stillThere(deps, c);
      await recordCheck(deps.database, c.id, check, now);
      if (check.ok) {
        await withTransaction(deps.database, async (tx) => {
          const next = new Date(now.getTime() + minutes(timing.checkEveryOnGoingMinutes));
          const [updated] = await tx.db
            .update(expressCampaigns)
            .set({ placementLastSeenAt: now, nextCheckAt: next, ...viewsRead(check, now) })
            .where(and(eq(expressCampaigns.id, c.id), eq(expressCampaigns.statusId, S.ON_GOING)))
            .returning({ id: expressCampaigns.id });
          if (updated) await schedule(deps, tx, c.id, next);
        });
        return;
      }
      await earlyRemoval(deps, adapter, c, now);
    }
    return;
  }

  if (c.statusId === S.AUDITING && c.auditingUntil && c.auditingUntil <= now) {
    // Read outside the transaction: the platform call may be slow; the guarded move decides.
    const achieved = await adapter.achievement(deps, c, now);
    if (achieved.check) await recordCheck(deps.database, c.id, achieved.check, now);
    const earned = Math.max(0, Math.min(c.price, Math.floor(achieved.coins)));
    await withTransaction(deps.database, async (tx) => {
      const moved = await move(
        deps,
        tx,
        c.id,
        [S.AUDITING],
        S.COMPLETED,
        system,
        now,
        { completedAt: now },
        { key: 'express.timeline.audit_complete' },
      );
      if (!moved) return;
      const r = await payOut(deps, tx, moved, earned);
      await log(deps, tx, system, moved, 'completed', {
        paid: r.paid,
        fee: r.fee,
        refunded: r.refunded,
        ...achieved.meta,
      });
      await tell(
        deps,
        tx,
        moved.artistId,
        // Under the target agreed (TikTok, Instagram): the artist is told what came back.
        r.refunded > 0 ? 'completed_partial' : 'completed',
        r.refunded > 0
          ? { track: moved.trackName, coins: r.refunded }
          : { track: moved.trackName, days: moved.onGoingDays },
        moved.id,
        moved.campaignTypeId,
      );
      await tell(
        deps,
        tx,
        moved.curatorId,
        'paid',
        { track: moved.trackName, coins: r.paid },
        moved.id,
        moved.campaignTypeId,
      );
    });
  }
}

/**
 * The placement or video disappeared while On Going: the campaign ends (6) with the seller paid the
 * adapter's early-end share (usually whole days served, pro rata of `on_going_days`) and the rest
 * refunded to the artist.
 */
async function earlyRemoval(deps: Deps, adapter: ExpressPlatformAdapter, c: Campaign, now: Date) {
  await withTransaction(deps.database, async (tx) => {
    const end = adapter.earlyEndShare(c, now);
    const served = end.servedDays;
    const share = Math.max(0, Math.min(c.price, end.coins));
    const moved = await move(
      deps,
      tx,
      c.id,
      [S.ON_GOING],
      S.COMPLETED,
      { type: 'system' },
      now,
      { completedAt: now, removedAt: now, nextCheckAt: null },
      { key: 'express.timeline.removed_early', params: { served, days: c.onGoingDays } },
    );
    if (!moved) return;
    const r = await payOut(deps, tx, moved, share);
    await log(deps, tx, { type: 'system' }, moved, 'removed_early', {
      served_days: served,
      paid: r.paid,
      refunded: r.refunded,
    });
    await tell(
      deps,
      tx,
      moved.artistId,
      'removed',
      { track: moved.trackName, days: served, coins: r.refunded },
      moved.id,
      moved.campaignTypeId,
    );
    await tell(
      deps,
      tx,
      moved.curatorId,
      'removed_curator',
      { track: moved.trackName, days: served, coins: r.paid },
      moved.id,
      moved.campaignTypeId,
    );
  });
}

/**
 * Every campaign with something due at the clock's now (the sweeper job runs this every minute as a
 * safety net behind the per-campaign jobs).
 * @returns how many campaigns were advanced
 */
export async function sweep(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.database.db
    .select({ id: expressCampaigns.id })
    .from(expressCampaigns)
    .where(
      or(
        // Requests at their answer deadline, or a day before it and not reminded yet.
        and(
          eq(expressCampaigns.statusId, S.PENDING_APPROVAL),
          or(
            lte(expressCampaigns.answerDeadline, now),
            and(
              isNull(expressCampaigns.answerRemindedAt),
              lte(expressCampaigns.answerDeadline, new Date(now.getTime() + ANSWER_REMINDER_MS)),
              sql`${expressCampaigns.answerDeadline} - ${expressCampaigns.createdAt} > interval '1 day'`,
            ),
          ),
        ),
        and(
          eq(expressCampaigns.statusId, S.WAITING_SUBMISSION),
          or(lte(expressCampaigns.submissionDeadline, now), lte(expressCampaigns.nextCheckAt, now)),
        ),
        and(
          inArray(expressCampaigns.statusId, [S.VERIFYING, S.ON_GOING]),
          or(lte(expressCampaigns.nextCheckAt, now), lte(expressCampaigns.onGoingUntil, now)),
        ),
        and(eq(expressCampaigns.statusId, S.AUDITING), lte(expressCampaigns.auditingUntil, now)),
      ),
    )
    .limit(500);
  for (const { id } of due) await advance(deps, id);
  return due.length;
}

// A confirmed trust flag refunds the subject's open campaigns through this engine (trust cannot import it).
registerCampaignRefund(async (deps, adminId, campaignId) => {
  await forceEnd(deps, adminId, campaignId, 'refunded');
});
