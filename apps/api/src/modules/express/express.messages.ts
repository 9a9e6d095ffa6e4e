import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { CampaignMessage, CampaignMessages } from '@lm/contracts/campaign-messages';
import { maskContacts } from '@lm/contracts/contact-mask';
import { LIMITS } from '@lm/contracts/limits';
import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { tickets, users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';
import { emitWebhook } from '../webhooks';
import { tellUser } from './express.notify';
import { expressCampaigns } from './express.schema';
import { campaignMessageReads, campaignMessages } from './messages.schema';
import { adapterFor } from './platforms/index';

/*
 * The conversation of a campaign (every platform through the engine; a custom campaign's placement is
 * an express campaign between the artist and the curator who took it, so it has its thread too): only
 * the campaign's artist and its seller read and write it (anyone else: 404). Messages are plain text,
 * masked for contact details before they are stored, limited in length (contract) and in rate (a
 * database count of the sender's messages over the last minute, as the sign-in throttle counts), and
 * refused once the campaign ended more than `daysAfterEnd` days ago. The other side is told of a new
 * message once per burst: when it is the first message they have not read.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'mail' | 'jobs'>;
type Campaign = typeof expressCampaigns.$inferSelect;
type Side = CampaignMessage['side'];

const RULES = LIMITS.campaignMessages;
const DAY_MS = 86_400_000;
const ENDED = [S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT] as number[];

/** The campaign and the reader's side, or 404 for anyone but its artist and its seller. */
async function participantCampaign(
  db: Database | Tx,
  campaignId: number,
  userId: number,
): Promise<{ c: Campaign; side: Side }> {
  const [c] = await db.db.select().from(expressCampaigns).where(eq(expressCampaigns.id, campaignId));
  if (c?.artistId === userId) return { c, side: 'artist' };
  if (c?.curatorId === userId) return { c, side: 'seller' };
  throw new NotFoundError();
}

/** Whether the campaign's thread still takes messages at `now`: open, or ended at most `daysAfterEnd` ago. */
export function threadOpen(c: Pick<Campaign, 'statusId' | 'completedAt' | 'updatedAt'>, now: Date): boolean {
  if (!ENDED.includes(c.statusId)) return true;
  const ended = c.completedAt ?? c.updatedAt;
  return now.getTime() - ended.getTime() <= RULES.daysAfterEnd * DAY_MS;
}

/**
 * Unread messages of campaign `campaign` for `readerId`: the other side's messages after the reader's
 * read marker. An SQL expression for the campaign lists (one per row, on the thread index).
 */
export function unreadOf(readerId: number, campaign: typeof expressCampaigns.id = expressCampaigns.id) {
  return sql<number>`(select count(*)::int from ${campaignMessages} m
    where m.campaign_id = ${campaign} and m.sender_id <> ${readerId}
      and m.id > coalesce((select r.last_read_id from ${campaignMessageReads} r
        where r.campaign_id = ${campaign} and r.user_id = ${readerId}), 0))`.mapWith(Number);
}

/** Unread messages of every campaign `userId` takes part in, as artist or seller (the dashboard's figure). */
export async function unreadTotal(database: Database, userId: number): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`coalesce(sum(${unreadOf(userId)}), 0)::int`.mapWith(Number) })
    .from(expressCampaigns)
    .where(
      and(
        or(eq(expressCampaigns.artistId, userId), eq(expressCampaigns.curatorId, userId)),
        sql`exists (select 1 from ${campaignMessages} m where m.campaign_id = ${expressCampaigns.id})`,
      ),
    );
  return row?.n ?? 0;
}

async function lastReadOf(db: Database | Tx, campaignId: number, userId: number): Promise<number> {
  const [row] = await db.db
    .select({ id: campaignMessageReads.lastReadId })
    .from(campaignMessageReads)
    .where(and(eq(campaignMessageReads.campaignId, campaignId), eq(campaignMessageReads.userId, userId)));
  return row?.id ?? 0;
}

async function unreadCount(db: Database | Tx, campaignId: number, userId: number, after: number) {
  const [row] = await db.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(campaignMessages)
    .where(
      and(
        eq(campaignMessages.campaignId, campaignId),
        ne(campaignMessages.senderId, userId),
        gt(campaignMessages.id, after),
      ),
    );
  return row?.n ?? 0;
}

const displayName = (u: { artistName: string | null; firstName: string | null; lastName: string | null }) =>
  u.artistName?.trim() || `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim();

/** A page of campaign `c`'s thread, newest page first, oldest first within the page. */
async function threadPage(
  db: Database,
  c: Campaign,
  page: { before?: number; limit?: number },
): Promise<{ messages: CampaignMessage[]; has_more: boolean }> {
  const limit = page.limit ?? RULES.pageSize;
  const rows = await db.db
    .select({
      id: campaignMessages.id,
      senderId: campaignMessages.senderId,
      body: campaignMessages.body,
      createdAt: campaignMessages.createdAt,
      artistName: users.artistName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(campaignMessages)
    .innerJoin(users, eq(users.id, campaignMessages.senderId))
    .where(
      and(
        eq(campaignMessages.campaignId, c.id),
        page.before ? lt(campaignMessages.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(campaignMessages.id))
    .limit(limit + 1);
  const has_more = rows.length > limit;
  return {
    has_more,
    messages: rows
      .slice(0, limit)
      .reverse()
      .map((r) => ({
        id: r.id,
        side: r.senderId === c.artistId ? 'artist' : 'seller',
        sender: { id: r.senderId, name: displayName(r) },
        body: r.body,
        created_at: r.createdAt.toISOString(),
      })),
  };
}

/**
 * A page of a campaign's thread for its artist or seller (`GET /api/express/campaigns/{id}/messages`).
 * Reading does not mark read: the page says so when it shows the messages (`markRead`).
 * @throws NotFoundError for anyone but the campaign's artist and seller
 */
export async function listMessages(
  deps: Pick<Deps, 'database' | 'clock'>,
  userId: number,
  campaignId: number,
  page: { before?: number; limit?: number },
): Promise<CampaignMessages> {
  const { c, side } = await participantCampaign(deps.database, campaignId, userId);
  const other = side === 'artist' ? c.curatorId : c.artistId;
  const [thread, lastRead, otherRead] = await Promise.all([
    threadPage(deps.database, c, page),
    lastReadOf(deps.database, c.id, userId),
    lastReadOf(deps.database, c.id, other),
  ]);
  return {
    campaign_id: c.id,
    side,
    ...thread,
    unread: await unreadCount(deps.database, c.id, userId, lastRead),
    last_read_id: lastRead,
    other_last_read_id: otherRead,
    can_write: threadOpen(c, deps.clock.now()),
  };
}

/** Move `userId`'s read marker of the thread forward to `upTo` (never back). */
async function advanceMarker(tx: Tx, campaignId: number, userId: number, upTo: number, now: Date) {
  await tx.db
    .insert(campaignMessageReads)
    .values({ campaignId, userId, lastReadId: upTo, updatedAt: now })
    .onConflictDoUpdate({
      target: [campaignMessageReads.campaignId, campaignMessageReads.userId],
      set: {
        lastReadId: sql`greatest(${campaignMessageReads.lastReadId}, excluded.last_read_id)`,
        updatedAt: now,
      },
    });
}

/**
 * A participant writes to the other side (`POST /api/express/campaigns/{id}/messages`): the text is
 * masked, stored, counts as read by its sender, and the other side is told when it is the first
 * message they have not read (one notification per burst, in their language, linking to the campaign).
 * @throws NotFoundError for anyone but the campaign's artist and seller; ConflictError 409
 *   `express.messages.closed` once the campaign ended more than `daysAfterEnd` days ago;
 *   TooManyRequestsError 429 `express.messages.too_many` past `perMinute` messages in a minute
 */
export async function postMessage(
  deps: Deps,
  userId: number,
  campaignId: number,
  text: string,
): Promise<CampaignMessage> {
  const now = deps.clock.now();
  const { text: body } = maskContacts(text);
  return withTransaction(deps.database, async (tx) => {
    const { c, side } = await participantCampaign(tx, campaignId, userId);
    if (!threadOpen(c, now)) throw new ConflictError('express.messages.closed', { days: RULES.daysAfterEnd });
    // One sender's messages are counted one after the other, so a burst fired at once cannot pass the limit.
    await tx.client.query('select pg_advisory_xact_lock($1, $2)', [LOCK_SPACE, userId]);
    const since = new Date(now.getTime() - 60_000);
    const [recent] = await tx.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number), first: sql<Date | null>`min(created_at)` })
      .from(campaignMessages)
      .where(and(eq(campaignMessages.senderId, userId), gt(campaignMessages.createdAt, since)));
    if ((recent?.n ?? 0) >= RULES.perMinute) {
      const first = recent?.first ? new Date(recent.first).getTime() : now.getTime();
      throw new TooManyRequestsError(
        'express.messages.too_many',
        Math.max(1, Math.ceil((first + 60_000 - now.getTime()) / 1000)),
        { count: RULES.perMinute },
      );
    }
    const other = side === 'artist' ? c.curatorId : c.artistId;
    const otherRead = await lastReadOf(tx, c.id, other);
    const waiting = await unreadCount(tx, c.id, other, otherRead);
    const [row] = await tx.db
      .insert(campaignMessages)
      .values({ campaignId: c.id, senderId: userId, body, createdAt: now })
      .returning();
    await advanceMarker(tx, c.id, userId, row!.id, now);
    await emitWebhook(
      deps,
      tx,
      other,
      'message.received',
      {
        campaign_id: c.id,
        platform: adapterFor(c.campaignTypeId).key,
        message_id: row!.id,
        sender_id: userId,
        body: row!.body,
      },
      now,
    );
    const [sender] = await tx.db
      .select({ artistName: users.artistName, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    const name = sender ? displayName(sender) : '';
    // The other side already has an unread message of this burst: its notification stands for this one too.
    if (waiting === 0)
      await tellUser(
        deps,
        tx,
        other,
        'message',
        { name, track: c.trackName },
        c.id,
        adapterFor(c.campaignTypeId).campaignPath(c.id),
      );
    return {
      id: row!.id,
      side,
      sender: { id: userId, name },
      body: row!.body,
      created_at: row!.createdAt.toISOString(),
    };
  });
}

/** Advisory-lock namespace of the per-sender message count. */
const LOCK_SPACE = 30_001;

/**
 * The reader has read the thread up to message `upToId` (`POST .../messages/read`; at most the newest
 * message; the marker never moves back).
 * @throws NotFoundError for anyone but the campaign's artist and seller
 */
export async function markRead(
  deps: Pick<Deps, 'database' | 'clock'>,
  userId: number,
  campaignId: number,
  upToId: number,
): Promise<{ last_read_id: number; unread: number }> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    await participantCampaign(tx, campaignId, userId);
    const [newest] = await tx.db
      .select({ id: sql<number | null>`max(${campaignMessages.id})` })
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, campaignId));
    await advanceMarker(tx, campaignId, userId, Math.min(upToId, Number(newest?.id ?? 0)), now);
    const lastRead = await lastReadOf(tx, campaignId, userId);
    return { last_read_id: lastRead, unread: await unreadCount(tx, campaignId, userId, lastRead) };
  });
}

/**
 * Staff read a campaign's thread (`GET /api/admin/express-campaigns/{id}/messages`, read-only) when a
 * support ticket names the campaign, the campaign has a dispute, or they hold
 * `express.messages.read`; every read is audited (`express.messages_read`, with the reason).
 * @throws NotFoundError when the campaign does not exist; ForbiddenError 403
 *   `express.messages.staff_not_allowed` otherwise
 */
export async function staffMessages(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: AuditActor & { permissions: ReadonlySet<string> },
  campaignId: number,
  page: { before?: number; limit?: number },
): Promise<CampaignMessages> {
  const [c] = await deps.database.db
    .select()
    .from(expressCampaigns)
    .where(eq(expressCampaigns.id, campaignId));
  if (!c) throw new NotFoundError();
  const reason = await staffReadReason(deps.database, c, actor.permissions);
  if (!reason) throw new ForbiddenError('express.messages.staff_not_allowed');
  const thread = await threadPage(deps.database, c, page);
  await audit(deps.database, actor, {
    action: 'express.messages_read',
    targetType: 'express_campaign',
    targetId: c.id,
    meta: { reason, messages: thread.messages.length },
  });
  return {
    campaign_id: c.id,
    side: null,
    ...thread,
    unread: 0,
    last_read_id: 0,
    other_last_read_id: 0,
    can_write: false,
  };
}

/** Why staff may read a campaign's thread, or null: `ticket`, `dispute` or `permission`. */
export async function staffReadReason(
  database: Database,
  c: Pick<Campaign, 'id' | 'disputedAt'>,
  permissions: ReadonlySet<string>,
): Promise<'ticket' | 'dispute' | 'permission' | null> {
  const [ticket] = await database.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.campaignId, c.id))
    .limit(1);
  if (ticket) return 'ticket';
  if (c.disputedAt) return 'dispute';
  if (permissions.has('express.messages.read')) return 'permission';
  return null;
}
