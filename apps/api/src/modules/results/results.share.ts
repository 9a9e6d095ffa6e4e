import type { Language } from '@lm/contracts';
import type { shareLinkCreateBody } from '@lm/contracts/results';
import type { SharedResults, ShareLink } from '@lm/contracts/results-share';
import { USER_STATUSES } from '@lm/contracts/statuses';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { expressCampaigns, resultShareLinks, users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { signValue, verifyValue } from '../../platform/signed';
import { campaignReport, loadArtistResults, reportOf } from './results.report';

/**
 * Read-only share links of an artist's results for a manager or label (issue "Results"; rules in
 * docs/decisions.md "Results: share links"). A link is the public page `/shared/results/{token}`;
 * the token is the row's id and the row's expiry signed with the app key under its own kind, so a
 * forged or altered token is refused before the database is read, and the row decides the rest
 * (revoked, expired, the artist no longer active).
 */

/** The signed payload's kind: no other signed value of the app (OAuth states, codes) reads as a link. */
const TOKEN_KIND = 'result-share';
/** The public page of a link in the user app. */
export const SHARED_RESULTS_PATH = '/shared/results';
const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type LinkRow = typeof resultShareLinks.$inferSelect;
type CreateBody = z.infer<typeof shareLinkCreateBody>;

/**
 * The link's token: `{ kind, id }` signed with `APP_KEY` (verified under APP_KEY_PREVIOUS too), expiring
 * when the row does. The same row always gives the same token, so the artist's list can re-sign it on
 * every read.
 */
function tokenOf(deps: AppDeps, row: Pick<LinkRow, 'id' | 'expiresAt'>): string {
  const now = deps.clock.now().getTime();
  const ttl = Math.floor(row.expiresAt.getTime() / 1000) - Math.floor(now / 1000);
  return signValue(deps.config.keys, { kind: TOKEN_KIND, id: row.id }, ttl, now);
}

function linkOf(deps: AppDeps, row: LinkRow): ShareLink {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    label: row.label,
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    opens: row.opens,
    last_opened_at: row.lastOpenedAt?.toISOString() ?? null,
    url: `${deps.config.appUrl}${SHARED_RESULTS_PATH}/${tokenOf(deps, row)}`,
  };
}

/**
 * Create a share link of the artist's results: one campaign's report (`campaign_id`) or all their
 * campaigns (null), valid `days` days (1 to SHARE_LINK_MAX_DAYS) from now.
 * @throws ValidationError 422 `results_share.campaign_invalid` when the campaign is not the artist's
 *   (a stranger's campaign and a missing one answer alike)
 */
export async function createShareLink(deps: AppDeps, artistId: number, body: CreateBody): Promise<ShareLink> {
  const db = deps.database.db;
  if (body.campaign_id !== null) {
    const [own] = await db
      .select({ id: expressCampaigns.id })
      .from(expressCampaigns)
      .where(and(eq(expressCampaigns.id, body.campaign_id), eq(expressCampaigns.artistId, artistId)));
    if (!own) throw new ValidationError({ campaign_id: ['results_share.campaign_invalid'] });
  }
  const now = deps.clock.now();
  const [row] = await db
    .insert(resultShareLinks)
    .values({
      artistId,
      campaignId: body.campaign_id,
      label: body.label || null,
      // The app's clock, not the database's: expiry and creation must agree with the clock that checks them.
      createdAt: now,
      expiresAt: new Date(now.getTime() + body.days * DAY_MS),
    })
    .returning();
  return linkOf(deps, row!);
}

/** The artist's share links, newest first, each with its link (expired and revoked ones too). */
export async function listShareLinks(deps: AppDeps, artistId: number): Promise<ShareLink[]> {
  const rows = await deps.database.db
    .select()
    .from(resultShareLinks)
    .where(eq(resultShareLinks.artistId, artistId))
    .orderBy(desc(resultShareLinks.createdAt), desc(resultShareLinks.id));
  return rows.map((r) => linkOf(deps, r));
}

/**
 * Revoke one of the artist's links; revoking a revoked link changes nothing (the first time stays).
 * @throws NotFoundError when the link is not the artist's
 */
export async function revokeShareLink(deps: AppDeps, artistId: number, id: string): Promise<ShareLink> {
  if (!UUID.test(id)) throw new NotFoundError();
  const t = resultShareLinks;
  const [row] = await deps.database.db
    .update(t)
    .set({ revokedAt: sql`coalesce(${t.revokedAt}, ${deps.clock.now()})` })
    .where(and(eq(t.id, id), eq(t.artistId, artistId)))
    .returning();
  if (!row) throw new NotFoundError();
  return linkOf(deps, row);
}

/**
 * What a share link shows, for anyone holding it: the signature must hold, and the row must be
 * neither revoked nor past its `expires_at`, and its artist still an approved, undeleted account. The
 * open is counted in the same statement that checks the row. A campaign link answers that campaign's
 * report only; a summary link the reports of the artist's campaigns that ran or cost coins, newest
 * first.
 * @throws NotFoundError `results_share.link_not_found` on any failure, without saying which check failed
 */
export async function readSharedResults(
  deps: AppDeps,
  token: string,
  lang: Language,
): Promise<SharedResults> {
  const now = deps.clock.now();
  const gone = new NotFoundError('results_share.link_not_found');
  const payload = verifyValue<{ kind?: unknown; id?: unknown }>(deps.config.keys, token, now.getTime());
  if (payload?.kind !== TOKEN_KIND || typeof payload.id !== 'string' || !UUID.test(payload.id)) throw gone;
  const t = resultShareLinks;
  const [link] = await deps.database.db
    .update(t)
    .set({ opens: sql`${t.opens} + 1`, lastOpenedAt: now })
    .from(users)
    .where(
      and(
        eq(t.id, payload.id),
        isNull(t.revokedAt),
        gt(t.expiresAt, now),
        eq(users.id, t.artistId),
        eq(users.status, USER_STATUSES.APPROVED),
        isNull(users.deletedAt),
      ),
    )
    .returning({
      artistId: t.artistId,
      campaignId: t.campaignId,
      expiresAt: t.expiresAt,
      artistName: sql<string>`coalesce(nullif(trim(${users.artistName}), ''), trim(${users.firstName} || ' ' || ${users.lastName}))`,
    });
  if (!link) throw gone;
  const head = { artist_name: link.artistName, expires_at: link.expiresAt.toISOString() };
  if (link.campaignId !== null) {
    const report = await campaignReport(deps.database, link.artistId, link.campaignId, lang, now).catch(
      (e: unknown) => {
        throw e instanceof NotFoundError ? gone : e;
      },
    );
    return { kind: 'campaign', ...head, report };
  }
  const data = await loadArtistResults(deps.database, link.artistId, lang);
  const reports = data.campaigns
    .map((c) => reportOf(data, c, now))
    .filter((r) => r.window !== null || r.coins_spent > 0)
    .reverse();
  return { kind: 'summary', ...head, reports };
}
