import { createHmac, timingSafeEqual } from 'node:crypto';
import { LANGUAGES, type Language } from '@lm/contracts';
import {
  type CampaignAudience,
  type CampaignSegment,
  OPTIONAL_MERGE_TAGS,
  RECIPIENT_STATUSES,
  type RecipientStatus,
} from '@lm/contracts/crm';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { admins, auditLogs, leadLists, leadSuppressions, leads } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../platform/errors';
import { asKeyRing, type Keys } from '../../platform/key-ring';
import { type AuditActor, audit } from '../audit';
import type { RawMail } from '../mail';
import {
  type CampaignStatus,
  crmAddresses,
  crmCampaigns,
  crmSendEvents,
  crmSenders,
  crmSends,
  crmTemplates,
} from './crm.schema';
import { sendableAddresses, suppressAddress } from './crm-leads.service';
import { assertUsableSender } from './crm-senders.service';
import { renderMessage, tagsWithoutFallback } from './crm-templates.service';

/**
 * Marketing campaigns: a list, a template and a sender; sending is a pg-boss
 * batch job paced by the sender's rate cap, resumable and pausable, never writing twice to one address
 * (`crm_sends` is unique per campaign and address, and a claimed message is never claimed again).
 * Every message carries `List-Unsubscribe` + `List-Unsubscribe-Post` (RFC 8058), an open pixel and
 * signed click redirects; bounces and complaints come back through a signed webhook.
 */
export type CampaignDeps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'mail' | 'jobs'>;

export const CAMPAIGN_QUEUE = 'crm.campaign.batch';
/** Messages one batch writes at most (the sender's cap may allow fewer). */
export const BATCH_SIZE = 50;
/** A message claimed this long ago and not finished was cut by a crash: it is failed, not repeated. */
const STALE_CLAIM_MS = 10 * 60_000;

// --- signed links -------------------------------------------------------------------------------

function mac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);
}

/** Whether `given` is the MAC of `value` under a key of the ring (current first, then APP_KEY_PREVIOUS). */
function signedByRing(keys: Keys, given: string, value: string): boolean {
  const x = Buffer.from(given);
  return asKeyRing(keys).all.some((key) => {
    const y = Buffer.from(mac(key, value));
    return x.length === y.length && timingSafeEqual(x, y);
  });
}

/**
 * `<send id>.<mac>`: the token of a message's unsubscribe and pixel links, signed with the current key
 * (no expiry: old mails keep working as long as their key is APP_KEY or in APP_KEY_PREVIOUS).
 */
export function sendToken(keys: Keys, sendId: number, purpose: 'u' | 'o'): string {
  return `${sendId}.${mac(asKeyRing(keys).current, `crm:${purpose}:${sendId}`)}`;
}

/** The send id of a token made by `sendToken` under any key of the ring, or null when forged or malformed. */
export function readSendToken(keys: Keys, token: string, purpose: 'u' | 'o'): number | null {
  const [id, given] = token.split('.');
  const sendId = Number(id);
  if (!given || !Number.isSafeInteger(sendId) || sendId <= 0) return null;
  return signedByRing(keys, given, `crm:${purpose}:${sendId}`) ? sendId : null;
}

/** A click link: the target and the message are signed together, so it cannot redirect elsewhere. */
export function clickUrl(appUrl: string, keys: Keys, sendId: number, url: string): string {
  const signature = mac(asKeyRing(keys).current, `crm:c:${sendId}:${url}`);
  return `${appUrl}/api/crm/c/${sendId}.${signature}?u=${encodeURIComponent(url)}`;
}

/** The send id of a click whose signature (under any key of the ring) matches `url`, else null. */
export function readClick(keys: Keys, token: string, url: string): number | null {
  const [id, given] = token.split('.');
  const sendId = Number(id);
  if (!given || !Number.isSafeInteger(sendId) || sendId <= 0 || !/^https?:\/\//i.test(url)) return null;
  return signedByRing(keys, given, `crm:c:${sendId}:${url}`) ? sendId : null;
}

/**
 * The HTML of one message with tracking: every `http(s)` link (not a merge tag) goes through a signed
 * click redirect and a 1×1 open pixel closes the body.
 */
export function withTracking(html: string, appUrl: string, keys: Keys, sendId: number): string {
  const tracked = html.replace(/href="(https?:\/\/[^"{}]+)"/gi, (_m, url: string) => {
    const target = url.replace(/&amp;/g, '&');
    return `href="${clickUrl(appUrl, keys, sendId, target).replace(/&/g, '&amp;')}"`;
  });
  const pixel = `<img src="${appUrl}/api/crm/o/${sendToken(keys, sendId, 'o')}.gif" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px" />`;
  return /<\/body>/i.test(tracked) ? tracked.replace(/<\/body>/i, `${pixel}</body>`) : `${tracked}${pixel}`;
}

// --- campaigns ------------------------------------------------------------------------------------

/** Whether a segment sets no condition (stored as null: the whole list). */
function emptySegment(segment: CampaignSegment | null | undefined): boolean {
  return (
    !segment ||
    (!segment.genres?.length &&
      !segment.countries?.length &&
      !segment.sources?.length &&
      segment.engaged_days === undefined)
  );
}

/**
 * How many addresses list `listId` narrowed by `segment` reaches now (issue 36 segments, the live
 * count): the very query `startCampaign` queues from, so the number shown is the number queued.
 * @throws ValidationError `crm.list_not_found` under `list_id`
 */
export async function countSegment(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  listId: number,
  segment: CampaignSegment,
): Promise<{ recipients: number }> {
  const [list] = await deps.database.db
    .select({ id: leadLists.id })
    .from(leadLists)
    .where(eq(leadLists.id, listId));
  if (!list) throw new ValidationError({ list_id: ['crm.list_not_found'] });
  const recipients = await sendableAddresses(deps.database, listId, segment, deps.clock.now());
  return { recipients: recipients.length };
}

/**
 * Create a draft campaign, its list narrowed by `segment` when one is given.
 * @throws ValidationError under `list_id` / `template_id` / `sender_id` when one does not exist
 */
export async function createCampaign(
  deps: Pick<AppDeps, 'database'>,
  input: {
    name: string;
    list_id: number;
    template_id: number;
    sender_id: number;
    segment?: CampaignSegment | undefined;
  },
  actor: AuditActor,
) {
  return withTransaction(deps.database, async (tx) => {
    const [list] = await tx.db
      .select({ id: leadLists.id })
      .from(leadLists)
      .where(eq(leadLists.id, input.list_id));
    if (!list) throw new ValidationError({ list_id: ['crm.list_not_found'] });
    const [template] = await tx.db
      .select({ id: crmTemplates.id })
      .from(crmTemplates)
      .where(eq(crmTemplates.id, input.template_id));
    if (!template) throw new ValidationError({ template_id: ['crm.templates.not_found'] });
    const [sender] = await tx.db
      .select({ id: crmSenders.id })
      .from(crmSenders)
      .where(eq(crmSenders.id, input.sender_id));
    if (!sender) throw new ValidationError({ sender_id: ['crm.senders.sender_not_found'] });
    const [row] = await tx.db
      .insert(crmCampaigns)
      .values({
        name: input.name,
        listId: input.list_id,
        templateId: input.template_id,
        senderId: input.sender_id,
        segment: emptySegment(input.segment) ? null : input.segment,
        createdBy: actor.type === 'admin' ? (actor.id ?? null) : null,
      })
      .returning();
    await audit(
      deps.database,
      actor,
      { action: 'crm.campaign_create', targetType: 'crm_campaign', targetId: row!.id },
      tx,
    );
    return row!;
  });
}

/**
 * A schedule's time zone: an IANA name the runtime knows (`Europe/Paris`, `UTC`), or null when none
 * was given. @throws ValidationError `crm.campaigns.time_zone_invalid` under `time_zone`
 */
function checkTimeZone(zone: string | undefined): string | null {
  if (zone === undefined || zone === '') return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new ValidationError({ time_zone: ['crm.campaigns.time_zone_invalid'] });
  }
}

/**
 * A schedule must be in the future; a minute of leeway covers the clocks of browser and server (a
 * time within it means "now"). @throws ValidationError `crm.campaigns.schedule_past` under `scheduled_at`
 */
function assertNotPast(at: Date, now: Date) {
  if (at.getTime() < now.getTime() - 60_000)
    throw new ValidationError({ scheduled_at: ['crm.campaigns.schedule_past'] });
}

async function lockCampaign(tx: Tx, id: number) {
  const [campaign] = await tx.db.select().from(crmCampaigns).where(eq(crmCampaigns.id, id)).for('update');
  if (!campaign) throw new NotFoundError('crm.campaigns.not_found');
  return campaign;
}

/**
 * Send a draft campaign now or at `scheduledAt`: the sender must be usable (confirmed, verified
 * domain), then every sendable address of the list (suppression and unsubscribes left out) becomes a
 * pending message once, and the first batch job is queued in the same transaction. `confirmed`, the
 * number of recipients the staff member was shown, must still be the list's.
 * @throws ConflictError `crm.campaigns.not_draft`, `crm.campaigns.no_recipients`,
 *   `crm.campaigns.recipients_changed`; ValidationError (sender)
 */
export async function startCampaign(
  deps: CampaignDeps,
  id: number,
  scheduledAt: Date | null,
  actor: AuditActor,
  confirmed?: number,
  timeZone?: string,
) {
  const zone = checkTimeZone(timeZone);
  return withTransaction(deps.database, async (tx) => {
    const campaign = await lockCampaign(tx, id);
    if (campaign.status !== 'draft') throw new ConflictError('crm.campaigns.not_draft');
    await assertUsableSender(tx, deps.config, campaign.senderId);
    const now = deps.clock.now();
    if (scheduledAt) assertNotPast(scheduledAt, now);
    const recipients = await sendableAddresses(tx, campaign.listId, campaign.segment, now);
    if (recipients.length === 0) throw new ConflictError('crm.campaigns.no_recipients');
    if (confirmed !== undefined && confirmed !== recipients.length)
      throw new ConflictError('crm.campaigns.recipients_changed');
    for (let i = 0; i < recipients.length; i += 1000) {
      await tx.db
        .insert(crmSends)
        .values(
          recipients.slice(i, i + 1000).map((r) => ({ campaignId: id, email: r.email, leadId: r.leadId })),
        )
        .onConflictDoNothing();
    }
    const later = scheduledAt && scheduledAt > now;
    await tx.db
      .update(crmCampaigns)
      .set({
        status: later ? 'scheduled' : 'sending',
        // "Send now" is not a schedule: only a later time is kept, so the page never says "scheduled for".
        scheduledAt: later ? scheduledAt : null,
        scheduleTimeZone: later ? zone : null,
        startedAt: later ? null : now,
      })
      .where(eq(crmCampaigns.id, id));
    await deps.jobs.send(CAMPAIGN_QUEUE, { campaignId: id }, later ? { startAfter: scheduledAt } : {}, tx);
    await audit(
      deps.database,
      actor,
      {
        action: 'crm.campaign_start',
        targetType: 'crm_campaign',
        targetId: id,
        meta: { recipients: recipients.length },
      },
      tx,
    );
    return { recipients: recipients.length, status: (later ? 'scheduled' : 'sending') as CampaignStatus };
  });
}

/**
 * Move a scheduled campaign that has not started to another future time (and time zone): a new batch
 * job is queued at the new time; the job of the old time finds the campaign not yet due (or no longer
 * scheduled) and does nothing, so the campaign still goes once.
 * @throws NotFoundError; ConflictError `crm.campaigns.not_scheduled`; ValidationError
 *   `crm.campaigns.schedule_past` (also for "now": use cancel-schedule then send now),
 *   `crm.campaigns.time_zone_invalid`
 */
export async function rescheduleCampaign(
  deps: CampaignDeps,
  id: number,
  scheduledAt: Date,
  actor: AuditActor,
  timeZone?: string,
) {
  const zone = checkTimeZone(timeZone);
  await withTransaction(deps.database, async (tx) => {
    const campaign = await lockCampaign(tx, id);
    if (campaign.status !== 'scheduled') throw new ConflictError('crm.campaigns.not_scheduled');
    const now = deps.clock.now();
    if (scheduledAt.getTime() <= now.getTime())
      throw new ValidationError({ scheduled_at: ['crm.campaigns.schedule_past'] });
    await tx.db
      .update(crmCampaigns)
      .set({ scheduledAt, scheduleTimeZone: zone })
      .where(eq(crmCampaigns.id, id));
    await deps.jobs.send(CAMPAIGN_QUEUE, { campaignId: id }, { startAfter: scheduledAt }, tx);
    await audit(
      deps.database,
      actor,
      {
        action: 'crm.campaign_reschedule',
        targetType: 'crm_campaign',
        targetId: id,
        meta: { from: campaign.scheduledAt?.toISOString() ?? null, to: scheduledAt.toISOString(), zone },
      },
      tx,
    );
  });
}

/**
 * Take a scheduled campaign that has not started back to draft (Mailchimp's "unschedule"): its
 * pending messages are removed, so sending it later counts the list again. A job of the old time then
 * finds a draft and does nothing. @throws NotFoundError; ConflictError `crm.campaigns.not_scheduled`
 */
export async function unscheduleCampaign(deps: CampaignDeps, id: number, actor: AuditActor) {
  await withTransaction(deps.database, async (tx) => {
    const campaign = await lockCampaign(tx, id);
    if (campaign.status !== 'scheduled') throw new ConflictError('crm.campaigns.not_scheduled');
    await tx.db.delete(crmSends).where(and(eq(crmSends.campaignId, id), eq(crmSends.status, 'pending')));
    await tx.db
      .update(crmCampaigns)
      .set({ status: 'draft', scheduledAt: null, scheduleTimeZone: null })
      .where(eq(crmCampaigns.id, id));
    await audit(
      deps.database,
      actor,
      {
        action: 'crm.campaign_unschedule',
        targetType: 'crm_campaign',
        targetId: id,
        meta: { was: campaign.scheduledAt?.toISOString() ?? null },
      },
      tx,
    );
  });
}

/** Test messages one staff member may send per window (`TEST_SEND_WINDOW_MS`). */
export const TEST_SENDS_PER_WINDOW = 5;
/** The window of the test-send limit: 10 minutes. */
export const TEST_SEND_WINDOW_MS = 10 * 60_000;
const TEST_SEND_LOCK_SPACE = 30_036;

/**
 * Send a campaign to the signed-in staff member's own address as a test (issue 36 item 1): written
 * exactly as a recipient gets it (the campaign's template and sender, DKIM, unsubscribe headers), with
 * the staff member's own merge values, the subject prefixed `[Test] `; no tracking and no send is
 * recorded, so the campaign's figures do not move. Allowed in every status. At most
 * `TEST_SENDS_PER_WINDOW` per staff member per 10 minutes, counted from the audit log under an
 * advisory lock per staff member (a burst fired at once cannot pass the limit).
 * @returns the address written to
 * @throws NotFoundError (campaign, template); ValidationError under `sender_id` (sender not usable);
 *   TooManyRequestsError 429 `crm.campaigns.test_too_many`
 */
export async function sendCampaignTest(deps: CampaignDeps, id: number, actor: AuditActor & { id: number }) {
  const prepared = await withTransaction(deps.database, async (tx) => {
    await tx.client.query('select pg_advisory_xact_lock($1, $2)', [TEST_SEND_LOCK_SPACE, actor.id]);
    const [campaign] = await tx.db.select().from(crmCampaigns).where(eq(crmCampaigns.id, id));
    if (!campaign) throw new NotFoundError('crm.campaigns.not_found');
    // The audit log's times are the database's, so the window is measured on its clock.
    const windowSeconds = TEST_SEND_WINDOW_MS / 1000;
    const [recent] = await tx.db
      .select({
        n: sql<number>`count(*)::int`.mapWith(Number),
        retryAfter: sql<number>`ceil(extract(epoch from min(${auditLogs.createdAt}) + make_interval(secs => ${windowSeconds}) - now()))::int`,
      })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.actorType, 'admin'),
          eq(auditLogs.actorId, actor.id),
          eq(auditLogs.action, 'crm.campaign_test'),
          sql`${auditLogs.createdAt} > now() - make_interval(secs => ${windowSeconds})`,
        ),
      );
    if ((recent?.n ?? 0) >= TEST_SENDS_PER_WINDOW)
      throw new TooManyRequestsError('crm.campaigns.test_too_many', Math.max(1, recent?.retryAfter ?? 1), {
        count: TEST_SENDS_PER_WINDOW,
        minutes: TEST_SEND_WINDOW_MS / 60_000,
      });
    const [staff] = await tx.db
      .select({ email: admins.email, name: admins.name })
      .from(admins)
      .where(eq(admins.id, actor.id));
    if (!staff) throw new NotFoundError('errors.not_found');
    const [template] = await tx.db
      .select()
      .from(crmTemplates)
      .where(eq(crmTemplates.id, campaign.templateId));
    if (!template) throw new NotFoundError('crm.templates.not_found');
    const usable = await assertUsableSender(tx, deps.config, campaign.senderId);
    const mail = campaignMail(deps.config, template, usable, null, {
      first_name: staff.name.trim().split(/\s+/)[0] ?? '',
      artist_name: staff.name,
      email: staff.email,
    });
    // The audit entry is the slot of the limit: written before the message leaves, in the locked
    // transaction, so a burst counts every send that got through.
    await audit(
      deps.database,
      actor,
      { action: 'crm.campaign_test', targetType: 'crm_campaign', targetId: id, meta: { to: staff.email } },
      tx,
    );
    return mail;
  });
  // Written outside the transaction: the outbox takes a connection of its own.
  await deps.mail.sendRaw({ ...prepared, subject: `[Test] ${prepared.subject}` });
  return { email: prepared.to };
}

/**
 * What "Send now" would do for a draft campaign, asked before the confirmation:
 * how many addresses of its list it reaches today (suppressed and unsubscribed left out, as
 * `startCampaign` counts them), the sender it goes from, and for each optional tag the template's subject or body uses
 * without a fallback (`{{first_name}}`, not `{{first_name | "there"}}`), how many of them have no value.
 * @throws NotFoundError when the campaign, its list or its template is gone
 */
export async function campaignAudience(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  id: number,
): Promise<CampaignAudience> {
  const [campaign] = await deps.database.db.select().from(crmCampaigns).where(eq(crmCampaigns.id, id));
  if (!campaign) throw new NotFoundError('crm.campaigns.not_found');
  const [template] = await deps.database.db
    .select({ subject: crmTemplates.subject, html: crmTemplates.html })
    .from(crmTemplates)
    .where(eq(crmTemplates.id, campaign.templateId));
  if (!template) throw new NotFoundError('crm.templates.not_found');
  const [sender] = await deps.database.db
    .select({ name: crmSenders.name, email: crmSenders.email })
    .from(crmSenders)
    .where(eq(crmSenders.id, campaign.senderId));
  const recipients = await sendableAddresses(
    deps.database,
    campaign.listId,
    campaign.segment,
    deps.clock.now(),
  );
  const bare = new Set(tagsWithoutFallback(`${template.subject}\n${template.html}`));
  const tagValue: Record<
    (typeof OPTIONAL_MERGE_TAGS)[number],
    (r: (typeof recipients)[number]) => string | null
  > = {
    first_name: (r) => r.firstName,
    artist_name: (r) => r.name,
  };
  const emptyTags = OPTIONAL_MERGE_TAGS.filter((tag) => bare.has(tag))
    .map((tag) => ({ tag, recipients: recipients.filter((r) => !tagValue[tag](r)?.trim()).length }))
    .filter((e) => e.recipients > 0);
  return { recipients: recipients.length, sender: sender ?? null, empty_tags: emptyTags };
}

/** Pause a scheduled or sending campaign (the running batch finishes its messages). @throws ConflictError */
export async function pauseCampaign(deps: CampaignDeps, id: number, actor: AuditActor) {
  await withTransaction(deps.database, async (tx) => {
    const campaign = await lockCampaign(tx, id);
    if (campaign.status !== 'sending' && campaign.status !== 'scheduled')
      throw new ConflictError('crm.campaigns.not_running');
    await tx.db.update(crmCampaigns).set({ status: 'paused' }).where(eq(crmCampaigns.id, id));
    await audit(
      deps.database,
      actor,
      { action: 'crm.campaign_pause', targetType: 'crm_campaign', targetId: id },
      tx,
    );
  });
}

/**
 * Cancel a scheduled or paused campaign: `cancelled` for good, its pending messages skipped
 * (`error` 'cancelled'). The campaign row is locked, and every batch claims a message only while the
 * row says `sending` (share lock), so no message is claimed once the cancel has committed; a message
 * already handed to the transport when a paused campaign is cancelled is the only one that may still go.
 * @throws NotFoundError; ConflictError `crm.campaigns.not_cancellable` (draft, sending, sent, cancelled)
 */
export async function cancelCampaign(deps: CampaignDeps, id: number, actor: AuditActor) {
  await withTransaction(deps.database, async (tx) => {
    const campaign = await lockCampaign(tx, id);
    if (campaign.status !== 'scheduled' && campaign.status !== 'paused')
      throw new ConflictError('crm.campaigns.not_cancellable');
    await tx.db
      .update(crmCampaigns)
      .set({ status: 'cancelled', finishedAt: deps.clock.now() })
      .where(eq(crmCampaigns.id, id));
    const skipped = await tx.db
      .update(crmSends)
      .set({ status: 'skipped', error: 'cancelled' })
      .where(and(eq(crmSends.campaignId, id), eq(crmSends.status, 'pending')))
      .returning({ id: crmSends.id });
    await audit(
      deps.database,
      actor,
      {
        action: 'crm.campaign_cancel',
        targetType: 'crm_campaign',
        targetId: id,
        meta: { skipped: skipped.length },
      },
      tx,
    );
  });
}

/** Resume a paused campaign: sending again, a batch queued. @throws ConflictError */
export async function resumeCampaign(deps: CampaignDeps, id: number, actor: AuditActor) {
  await withTransaction(deps.database, async (tx) => {
    const campaign = await lockCampaign(tx, id);
    if (campaign.status !== 'paused') throw new ConflictError('crm.campaigns.not_paused');
    await assertUsableSender(tx, deps.config, campaign.senderId);
    await tx.db
      .update(crmCampaigns)
      .set({ status: 'sending', startedAt: campaign.startedAt ?? deps.clock.now() })
      .where(eq(crmCampaigns.id, id));
    await deps.jobs.send(CAMPAIGN_QUEUE, { campaignId: id }, {}, tx);
    await audit(
      deps.database,
      actor,
      { action: 'crm.campaign_resume', targetType: 'crm_campaign', targetId: id },
      tx,
    );
  });
}

/**
 * Reserve `wanted` messages of the sender's rate cap: answers how many may go now (0 when the sender's
 * pace is ahead of the clock) and when the next batch may run. The sender's row serialises batches of
 * every campaign using it, so the cap holds across campaigns and processes.
 */
async function reservePace(tx: Tx, senderId: number, ratePerMinute: number, wanted: number, now: Date) {
  const [row] = await tx.db
    .select({ paceAt: crmSenders.paceAt })
    .from(crmSenders)
    .where(eq(crmSenders.id, senderId))
    .for('update');
  const paceAt = row?.paceAt && row.paceAt > now ? row.paceAt : now;
  if (paceAt > now) return { allowed: 0, nextAt: paceAt };
  const allowed = Math.max(1, Math.min(wanted, ratePerMinute));
  const nextAt = new Date(now.getTime() + Math.ceil((allowed * 60_000) / ratePerMinute));
  await tx.db.update(crmSenders).set({ paceAt: nextAt }).where(eq(crmSenders.id, senderId));
  return { allowed, nextAt };
}

type UsableSender = Awaited<ReturnType<typeof assertUsableSender>>;

/**
 * One campaign message as its recipient gets it: the template written with the recipient's merge
 * values, from the campaign's sender (DKIM-signed), with the one-click unsubscribe headers (RFC 8058).
 * With a send id the links go through signed click redirects and an open pixel closes the body; a test
 * message (`sendId` null) has neither (nothing to count) and its unsubscribe link is the preview page.
 */
function campaignMail(
  config: CampaignDeps['config'],
  template: { subject: string; html: string; text: string },
  usable: UsableSender,
  sendId: number | null,
  values: { first_name: string; artist_name: string; email: string },
): RawMail {
  const unsubscribeUrl =
    sendId === null
      ? `${config.appUrl}/api/crm/unsubscribe/preview`
      : `${config.appUrl}/api/crm/u/${sendToken(config.keys, sendId, 'u')}`;
  const message = renderMessage(
    {
      subject: template.subject,
      html: sendId === null ? template.html : withTracking(template.html, config.appUrl, config.keys, sendId),
      text: template.text,
    },
    { ...values, sender_name: usable.sender.name, unsubscribe_url: unsubscribeUrl },
  );
  return {
    to: values.email,
    from: `"${usable.sender.name.replace(/["\\\r\n]/g, '')}" <${usable.sender.email}>`,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      ...(sendId === null ? {} : { 'X-LM-Send': String(sendId) }),
    },
    dkim: usable.dkim,
  };
}

/**
 * One batch of a campaign (the `crm.campaign.batch` job; safe to run twice or side by side):
 * 1. a paused, cancelled or finished campaign stops here; a scheduled one whose time came starts;
 * 2. messages claimed long ago by a batch that died are failed (`interrupted`), never sent again;
 * 3. up to BATCH_SIZE messages, within the sender's rate cap, are claimed one at a time just before
 *    each is sent (`pending` → `sending`, SKIP LOCKED: two batches never take the same message), each
 *    only while the campaign is still `sending` (a pause or cancel stops the batch at once);
 * 4. one whose address is now suppressed or unsubscribed is skipped; the others are written for
 *    their recipient and sent, then marked sent (or failed with the transport's error);
 * 5. the next batch is queued at the sender's pace, or the campaign is marked sent.
 * @returns what this batch did
 */
export async function processCampaignBatch(deps: CampaignDeps, campaignId: number) {
  const now = deps.clock.now();
  const claim = await withTransaction(deps.database, async (tx) => {
    const [campaign] = await tx.db.select().from(crmCampaigns).where(eq(crmCampaigns.id, campaignId));
    if (!campaign) return null;
    if (campaign.status === 'scheduled') {
      if (campaign.scheduledAt && campaign.scheduledAt > now) return null;
      await tx.db
        .update(crmCampaigns)
        .set({ status: 'sending', startedAt: now })
        .where(and(eq(crmCampaigns.id, campaignId), eq(crmCampaigns.status, 'scheduled')));
    } else if (campaign.status !== 'sending') return null;
    await tx.db
      .update(crmSends)
      .set({ status: 'failed', error: 'interrupted' })
      .where(
        and(
          eq(crmSends.campaignId, campaignId),
          eq(crmSends.status, 'sending'),
          sql`${crmSends.claimedAt} < ${new Date(now.getTime() - STALE_CLAIM_MS)}`,
        ),
      );
    const [sender] = await tx.db.select().from(crmSenders).where(eq(crmSenders.id, campaign.senderId));
    const pace = await reservePace(tx, campaign.senderId, sender?.ratePerMinute ?? 600, BATCH_SIZE, now);
    return { campaign, allowed: pace.allowed, nextAt: pace.nextAt };
  });
  if (!claim) return { sent: 0, skipped: 0, failed: 0, done: false };
  const { campaign, allowed, nextAt } = claim;
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  const usable =
    allowed > 0
      ? await assertUsableSender(deps.database, deps.config, campaign.senderId).catch(() => null)
      : null;
  const [template] =
    allowed > 0
      ? await deps.database.db.select().from(crmTemplates).where(eq(crmTemplates.id, campaign.templateId))
      : [];
  for (let i = 0; i < allowed; i += 1) {
    // One message is claimed just before it is sent: a batch killed mid-send loses at most the message
    // in flight (failed as interrupted later), never repeats one, and leaves the rest pending.
    const claimed = await deps.database.db.execute<{
      id: number;
      email: string;
      lead_id: number | null;
      blocked: boolean;
      first_name: string | null;
      lead_name: string | null;
    }>(sql`
      with next as (
        update ${crmSends} set status = 'sending', claimed_at = ${deps.clock.now()}
        where id = (
          select id from ${crmSends} where campaign_id = ${campaignId} and status = 'pending'
            -- Paused or cancelled since the batch began: nothing more is claimed (the share lock waits
            -- for a pause or cancel in progress, then sees its outcome).
            and exists (select 1 from ${crmCampaigns} c where c.id = ${campaignId} and c.status = 'sending' for share)
          order by id limit 1 for update skip locked
        )
        returning id, email, lead_id
      )
      select next.id::int, next.email, next.lead_id::int, a.first_name, l.name as lead_name,
        (coalesce(a.consent, 'unconfirmed') = 'unsubscribed' or exists (
          select 1 from ${leadSuppressions} x
          where x.value_hash = encode(sha256(convert_to('email:' || next.email, 'UTF8')), 'hex'))) as blocked
      from next
      left join ${crmAddresses} a on a.email = next.email
      left join ${leads} l on l.id = next.lead_id`);
    const row = claimed.rows[0];
    if (!row) break;
    // Suppression always wins, also when it came after the campaign started.
    if (row.blocked) {
      await deps.database.db.update(crmSends).set({ status: 'skipped' }).where(eq(crmSends.id, row.id));
      skipped += 1;
      continue;
    }
    if (!usable || !template) {
      await deps.database.db
        .update(crmSends)
        .set({ status: 'failed', error: !template ? 'template_missing' : 'sender_unusable' })
        .where(eq(crmSends.id, row.id));
      failed += 1;
      continue;
    }
    const mail = campaignMail(deps.config, template, usable, row.id, {
      first_name: row.first_name ?? '',
      artist_name: row.lead_name ?? '',
      email: row.email,
    });
    try {
      await deps.mail.sendRaw(mail);
      // The transport accepted the message (the sandbox outbox is the recipient's mailbox; a relay
      // answered 250): it counts as delivered now, a later "delivered" event keeping this time
      //. A bounce reported afterwards is counted apart.
      const at = deps.clock.now();
      await deps.database.db
        .update(crmSends)
        .set({ status: 'sent', sentAt: at, deliveredAt: at })
        .where(eq(crmSends.id, row.id));
      sent += 1;
    } catch (error) {
      await deps.database.db
        .update(crmSends)
        .set({ status: 'failed', error: String((error as Error).message).slice(0, 500) })
        .where(eq(crmSends.id, row.id));
      failed += 1;
    }
  }
  const [left] = await deps.database.db
    .select({
      pending: sql<number>`count(*) filter (where ${crmSends.status} = 'pending')::int`,
      sending: sql<number>`count(*) filter (where ${crmSends.status} = 'sending')::int`,
    })
    .from(crmSends)
    .where(eq(crmSends.campaignId, campaignId));
  const done = (left?.pending ?? 0) === 0 && (left?.sending ?? 0) === 0;
  if (done) {
    await deps.database.db
      .update(crmCampaigns)
      .set({ status: 'sent', finishedAt: deps.clock.now() })
      .where(and(eq(crmCampaigns.id, campaignId), eq(crmCampaigns.status, 'sending')));
  } else if ((left?.pending ?? 0) > 0) {
    await deps.jobs.send(CAMPAIGN_QUEUE, { campaignId }, { startAfter: nextAt });
  }
  return { sent, skipped, failed, done };
}

// --- what recipients do ---------------------------------------------------------------------------

async function recordEvent(db: Database | Tx, sendId: number, kind: string, at: Date, url?: string) {
  await db.db
    .insert(crmSendEvents)
    .values({ sendId, kind, at, url: url ?? null })
    .onConflictDoNothing();
}

/** The send behind a token, with its recipient's language (for the unsubscribe page). */
export async function sendForToken(
  deps: Pick<AppDeps, 'database' | 'config'>,
  token: string,
  purpose: 'u' | 'o',
) {
  const sendId = readSendToken(deps.config.keys, token, purpose);
  if (sendId === null) return null;
  const [row] = await deps.database.db
    .select({
      id: crmSends.id,
      email: crmSends.email,
      language: crmAddresses.language,
      unsubscribedAt: crmSends.unsubscribedAt,
    })
    .from(crmSends)
    .leftJoin(crmAddresses, eq(crmAddresses.email, crmSends.email))
    .where(eq(crmSends.id, sendId));
  if (!row) return null;
  const language = (LANGUAGES as readonly string[]).includes(row.language ?? '')
    ? (row.language as Language)
    : null;
  return { ...row, language };
}

/**
 * Unsubscribe the recipient of a message (the one-click POST of RFC 8058 or the confirmation page's
 * button; no session): the address is suppressed (reason unsubscribe), the message and an event
 * recorded once. Answers false for a forged or unknown token.
 */
export async function unsubscribeByToken(
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  token: string,
) {
  const send = await sendForToken(deps, token, 'u');
  if (!send) return false;
  const now = deps.clock.now();
  await withTransaction(deps.database, async (tx) => {
    await suppressAddress(deps, send.email, 'unsubscribe', { type: 'guest' } as AuditActor, tx);
    await tx.db
      .update(crmSends)
      .set({ unsubscribedAt: sql`coalesce(${crmSends.unsubscribedAt}, ${now})` })
      .where(eq(crmSends.id, send.id));
    await recordEvent(tx, send.id, 'unsubscribe', now);
  });
  return true;
}

/** Record an open (the pixel): the first sets `opened_at`; each is an event. Forged tokens do nothing. */
export async function recordOpen(deps: Pick<AppDeps, 'database' | 'config' | 'clock'>, token: string) {
  const sendId = readSendToken(deps.config.keys, token, 'o');
  if (sendId === null) return;
  const now = deps.clock.now();
  const updated = await deps.database.db
    .update(crmSends)
    .set({ openedAt: sql`coalesce(${crmSends.openedAt}, ${now})` })
    .where(eq(crmSends.id, sendId))
    .returning({ id: crmSends.id });
  if (updated.length > 0) await recordEvent(deps.database, sendId, 'open', now);
}

/** Record a click (which implies an open) and answer where to go, or null when the link is forged. */
export async function recordClick(
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  token: string,
  url: string,
) {
  const sendId = readClick(deps.config.keys, token, url);
  if (sendId === null) return null;
  const now = deps.clock.now();
  const updated = await deps.database.db
    .update(crmSends)
    .set({
      clickedAt: sql`coalesce(${crmSends.clickedAt}, ${now})`,
      openedAt: sql`coalesce(${crmSends.openedAt}, ${now})`,
    })
    .where(eq(crmSends.id, sendId))
    .returning({ id: crmSends.id });
  if (updated.length === 0) return null;
  await recordEvent(deps.database, sendId, 'click', now, url);
  return url;
}

/** Sign a webhook body as the mail relay does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: string, body: string, nowSeconds: number): string {
  return `t=${nowSeconds},v1=${createHmac('sha256', secret).update(`${nowSeconds}.${body}`).digest('hex')}`;
}

/**
 * Whether a webhook signature header matches the body under one of `secrets` (the current one and, while
 * the relay switches, CRM_WEBHOOK_SECRET_PREVIOUS) and is at most 5 minutes old.
 */
export function verifyWebhook(
  secrets: string | readonly string[],
  body: string,
  header: string | undefined,
  nowMs: number,
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > 300 || !parts.v1) return false;
  const given = parts.v1;
  return (typeof secrets === 'string' ? [secrets] : secrets).some((secret) => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  });
}

/** One delivery outcome reported by the relay. */
export interface MailEvent {
  type: 'delivered' | 'bounce' | 'complaint';
  send_id: number;
  bounce_type?: 'hard' | 'soft';
}

/**
 * Apply verified webhook events, idempotently (an outcome is recorded once per message): delivered
 * stamps `delivered_at`; a hard bounce or a complaint stamps the message and suppresses the address.
 * Unknown messages are ignored. @returns how many events changed something
 */
export async function applyMailEvents(deps: Pick<AppDeps, 'database' | 'clock'>, events: MailEvent[]) {
  let applied = 0;
  for (const event of events) {
    const now = deps.clock.now();
    const done = await withTransaction(deps.database, async (tx) => {
      const [send] = await tx.db.select().from(crmSends).where(eq(crmSends.id, event.send_id)).for('update');
      if (!send) return false;
      const kind = event.type === 'delivered' ? 'delivered' : event.type;
      if (event.type === 'bounce' && event.bounce_type !== 'hard') return false;
      const inserted = await tx.db
        .insert(crmSendEvents)
        .values({ sendId: send.id, kind, at: now })
        .onConflictDoNothing()
        .returning({ id: crmSendEvents.id });
      if (inserted.length === 0) return false;
      if (event.type === 'delivered')
        await tx.db
          .update(crmSends)
          .set({ deliveredAt: sql`coalesce(${crmSends.deliveredAt}, ${now})` })
          .where(eq(crmSends.id, send.id));
      else {
        await tx.db
          .update(crmSends)
          .set(event.type === 'bounce' ? { bouncedAt: now } : { complainedAt: now })
          .where(eq(crmSends.id, send.id));
        await suppressAddress(
          deps,
          send.email,
          event.type === 'bounce' ? 'hard_bounce' : 'complaint',
          { type: 'system' } as AuditActor,
          tx,
        );
      }
      return true;
    });
    if (done) applied += 1;
  }
  return applied;
}

// --- reading ----------------------------------------------------------------------------------------

const counts = {
  recipients: sql<number>`count(s.id)::int`,
  sent: sql<number>`count(s.id) filter (where s.status = 'sent')::int`,
  delivered: sql<number>`count(s.delivered_at)::int`,
  opened: sql<number>`count(s.opened_at)::int`,
  clicked: sql<number>`count(s.clicked_at)::int`,
  bounced: sql<number>`count(s.bounced_at)::int`,
  complained: sql<number>`count(s.complained_at)::int`,
  unsubscribed: sql<number>`count(s.unsubscribed_at)::int`,
  skipped: sql<number>`count(s.id) filter (where s.status = 'skipped')::int`,
  failed: sql<number>`count(s.id) filter (where s.status = 'failed')::int`,
  pending: sql<number>`count(s.id) filter (where s.status in ('pending', 'sending'))::int`,
};
export type CampaignCounts = { [K in keyof typeof counts]: number };

async function countsOf(db: Database, ids: number[]): Promise<Map<number, CampaignCounts>> {
  if (ids.length === 0) return new Map();
  const rows = await db.db.execute<CampaignCounts & { campaign_id: number }>(sql`
    select c.id::int as campaign_id,
      ${counts.recipients} as recipients, ${counts.sent} as sent, ${counts.delivered} as delivered,
      ${counts.opened} as opened, ${counts.clicked} as clicked, ${counts.bounced} as bounced,
      ${counts.complained} as complained, ${counts.unsubscribed} as unsubscribed, ${counts.skipped} as skipped,
      ${counts.failed} as failed, ${counts.pending} as pending
    from ${crmCampaigns} c left join ${crmSends} s on s.campaign_id = c.id
    where c.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by c.id`);
  return new Map(rows.rows.map(({ campaign_id, ...c }) => [campaign_id, c]));
}

const EMPTY: CampaignCounts = {
  recipients: 0,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  complained: 0,
  unsubscribed: 0,
  skipped: 0,
  failed: 0,
  pending: 0,
};

function campaignView(
  c: typeof crmCampaigns.$inferSelect,
  extra: { list: string | null; template: string | null; sender: string | null },
  stats: CampaignCounts,
) {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    list_id: c.listId,
    list_name: extra.list,
    template_id: c.templateId,
    template_name: extra.template,
    sender_id: c.senderId,
    sender: extra.sender,
    segment: c.segment ?? null,
    scheduled_at: c.scheduledAt?.toISOString() ?? null,
    schedule_time_zone: c.scheduleTimeZone,
    started_at: c.startedAt?.toISOString() ?? null,
    finished_at: c.finishedAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    counts: stats,
  };
}

/** Campaigns, newest first, with their counts. */
export async function listCampaigns(deps: Pick<AppDeps, 'database'>, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    deps.database.db
      .select({
        c: crmCampaigns,
        list: leadLists.name,
        template: crmTemplates.name,
        sender: crmSenders.email,
      })
      .from(crmCampaigns)
      .leftJoin(leadLists, eq(leadLists.id, crmCampaigns.listId))
      .leftJoin(crmTemplates, eq(crmTemplates.id, crmCampaigns.templateId))
      .leftJoin(crmSenders, eq(crmSenders.id, crmCampaigns.senderId))
      .orderBy(desc(crmCampaigns.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.database.db.select({ n: sql<number>`count(*)::int` }).from(crmCampaigns),
  ]);
  const stats = await countsOf(
    deps.database,
    rows.map((r) => r.c.id),
  );
  return { rows: rows.map((r) => campaignView(r.c, r, stats.get(r.c.id) ?? EMPTY)), total: total?.n ?? 0 };
}

/** One campaign with its counts and, per hour, messages sent, opens, clicks, bounces, unsubscribes. @throws NotFoundError */
export async function getCampaign(deps: Pick<AppDeps, 'database'>, id: number) {
  const [row] = await deps.database.db
    .select({ c: crmCampaigns, list: leadLists.name, template: crmTemplates.name, sender: crmSenders.email })
    .from(crmCampaigns)
    .leftJoin(leadLists, eq(leadLists.id, crmCampaigns.listId))
    .leftJoin(crmTemplates, eq(crmTemplates.id, crmCampaigns.templateId))
    .leftJoin(crmSenders, eq(crmSenders.id, crmCampaigns.senderId))
    .where(eq(crmCampaigns.id, id));
  if (!row) throw new NotFoundError('crm.campaigns.not_found');
  const stats = await countsOf(deps.database, [id]);
  const timeline = await deps.database.db.execute<{
    hour: string;
    sent: number;
    opened: number;
    clicked: number;
    bounced: number;
    unsubscribed: number;
  }>(sql`
    with points as (
      select date_trunc('hour', sent_at) as hour, 'sent' as kind from ${crmSends} where campaign_id = ${id} and sent_at is not null
      union all
      select date_trunc('hour', e.at), e.kind from ${crmSendEvents} e join ${crmSends} s on s.id = e.send_id
      where s.campaign_id = ${id} and e.kind in ('open', 'click', 'bounce', 'unsubscribe')
    )
    select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as hour,
      count(*) filter (where kind = 'sent')::int as sent,
      count(*) filter (where kind = 'open')::int as opened,
      count(*) filter (where kind = 'click')::int as clicked,
      count(*) filter (where kind = 'bounce')::int as bounced,
      count(*) filter (where kind = 'unsubscribe')::int as unsubscribed
    from points group by hour order by hour`);
  return { ...campaignView(row.c, row, stats.get(id) ?? EMPTY), timeline: timeline.rows };
}

/** Campaigns sent to a lead, with what its recipient did (the artist profile's engagement). */
export async function campaignsOfLead(deps: Pick<AppDeps, 'database'>, leadId: number) {
  const rows = await deps.database.db
    .select({
      id: crmCampaigns.id,
      name: crmCampaigns.name,
      status: crmSends.status,
      sent_at: crmSends.sentAt,
      opened_at: crmSends.openedAt,
      clicked_at: crmSends.clickedAt,
      unsubscribed_at: crmSends.unsubscribedAt,
    })
    .from(crmSends)
    .innerJoin(crmCampaigns, eq(crmCampaigns.id, crmSends.campaignId))
    .where(eq(crmSends.leadId, leadId))
    .orderBy(desc(crmSends.id))
    .limit(50);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map((r) => ({
    ...r,
    sent_at: iso(r.sent_at),
    opened_at: iso(r.opened_at),
    clicked_at: iso(r.clicked_at),
    unsubscribed_at: iso(r.unsubscribed_at),
  }));
}

/** The ids of a campaign's sends to `emails` (tests and the benchmark). */
export async function sendIdsOf(db: Database, campaignId: number) {
  return db.db.select().from(crmSends).where(eq(crmSends.campaignId, campaignId)).orderBy(asc(crmSends.id));
}

// --- recipients -------------------------------------------------------------------------------------

/**
 * The status of a message `s` of `crm_sends` as its recipient's row shows it (issue 36, per-recipient
 * status): the most advanced state wins. `x` is the address's suppression (left-joined), whose
 * reason says why a skipped message did not go. See `RECIPIENT_STATUSES` in @lm/contracts/crm.
 */
const recipientStatusSql = sql<RecipientStatus>`case
  when s.unsubscribed_at is not null or s.complained_at is not null
    or (s.status = 'skipped' and (x.reason in ('unsubscribe', 'complaint') or (x.reason is null and a.consent = 'unsubscribed')))
    then 'unsubscribed'
  when s.bounced_at is not null or s.status = 'failed' or (s.status = 'skipped' and x.reason = 'hard_bounce')
    then 'bounced'
  when s.clicked_at is not null then 'clicked'
  when s.opened_at is not null then 'opened'
  when s.status = 'sent' then 'sent'
  when s.status in ('pending', 'sending') then 'queued'
  else 'skipped' end`;

/**
 * A page of a campaign's recipients (one per message, queue order or by address) with their derived
 * status, filtered by statuses (`statuses` empty: all) and by part of the address (`q`).
 * @throws NotFoundError `crm.campaigns.not_found`; ValidationError `crm.campaigns.recipient_status_invalid`
 *   under `filter.status` for a status that is not one of `RECIPIENT_STATUSES`
 */
export async function listCampaignRecipients(
  deps: Pick<AppDeps, 'database'>,
  id: number,
  query: {
    page: number;
    limit: number;
    q?: string;
    statuses: readonly string[];
    order: { column: 'id' | 'email'; dir: 'asc' | 'desc' };
  },
) {
  const unknown = query.statuses.filter((s) => !(RECIPIENT_STATUSES as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new ValidationError({ 'filter.status': ['crm.campaigns.recipient_status_invalid'] });
  const [campaign] = await deps.database.db
    .select({ id: crmCampaigns.id })
    .from(crmCampaigns)
    .where(eq(crmCampaigns.id, id));
  if (!campaign) throw new NotFoundError('crm.campaigns.not_found');
  const where: SQL[] = [sql`s.campaign_id = ${id}`];
  if (query.q) where.push(sql`s.email ilike ${containsPattern(query.q.toLowerCase())}`);
  if (query.statuses.length > 0)
    where.push(
      sql`(${recipientStatusSql}) in (${sql.join(
        query.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  const from = sql`${crmSends} s
    left join ${crmAddresses} a on a.email = s.email
    left join ${leadSuppressions} x on x.value_hash = encode(sha256(convert_to('email:' || s.email, 'UTF8')), 'hex')
    left join ${leads} l on l.id = s.lead_id
    where ${sql.join(where, sql` and `)}`;
  const dir = query.order.dir === 'asc' ? sql`asc` : sql`desc`;
  const order = query.order.column === 'email' ? sql`s.email ${dir}, s.id asc` : sql`s.id ${dir}`;
  const [rows, total] = await Promise.all([
    deps.database.db.execute<{
      id: number;
      email: string;
      name: string | null;
      status: RecipientStatus;
      sent_at: Date | null;
      opened_at: Date | null;
      clicked_at: Date | null;
      bounced_at: Date | null;
      unsubscribed_at: Date | null;
    }>(sql`select s.id::int as id, s.email, l.name, ${recipientStatusSql} as status,
        s.sent_at, s.opened_at, s.clicked_at, s.bounced_at, coalesce(s.unsubscribed_at, s.complained_at) as unsubscribed_at
      from ${from} order by ${order} limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    deps.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${from}`),
  ]);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    rows: rows.rows.map((r) => ({
      ...r,
      sent_at: iso(r.sent_at),
      opened_at: iso(r.opened_at),
      clicked_at: iso(r.clicked_at),
      bounced_at: iso(r.bounced_at),
      unsubscribed_at: iso(r.unsubscribed_at),
    })),
    total: total.rows[0]?.n ?? 0,
  };
}
