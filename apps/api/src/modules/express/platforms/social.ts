import type { ExpressPlayer } from '@lm/contracts/express';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { idList, inIdsPlaceholder, prepareOnce, type Tx, withTransaction } from '../../../db/client';
import { socialAccounts, socialTiers, users } from '../../../db/schema';
import { ConflictError } from '../../../platform/errors';
import { accessTokenOf } from '../../connections';
import { accountVisibleToArtists } from '../../trust';
import {
  type EngineDeps,
  type ExpressCampaignRow,
  type ExpressRenewalParts,
  type ExpressTarget,
  PAYER_PLACEHOLDER,
  payerAccountsColumn,
  payerBalanceColumn,
  reservedIdColumns,
  reservedOf,
  SELLER_CONTACT,
} from './adapter';

/**
 * What the TikTok and Instagram adapters share: influencer
 * accounts as targets, the moment the influencer accepted, the target views and the performance
 * refund formula. Each platform's own rules stay in its adapter file.
 */

const DAY_MS = 86_400_000;

/**
 * The buyable accounts among `ids` on `platform`: connected, with an active tier of the platform,
 * in ascending id order (the engine's lock order). Named `@username`, priced by the account's tier.
 */
export async function loadAccountTargets(
  tx: Pick<Tx, 'db'>,
  platform: string,
  ids: readonly number[],
  payerId?: number,
): Promise<ExpressTarget[]> {
  if (ids.length === 0) return [];
  // Built and prepared once per connection: planning it cost more than running it, and
  // building it more than both.
  const withPayer = payerId !== undefined;
  const rows = await prepareOnce(tx.db, `express.targets.social:${withPayer ? 'payer' : 'staff'}`, (name) =>
    tx.db
      .select({
        // Only what a target needs: the driver describes and parses every column of every row.
        account: {
          id: socialAccounts.id,
          username: socialAccounts.username,
          userId: socialAccounts.userId,
          refusesAi: socialAccounts.refusesAi,
        },
        tier: { id: socialTiers.id, price: socialTiers.price },
        seller: SELLER_CONTACT,
        payerBalance: payerBalanceColumn(withPayer),
        payerAccounts: payerAccountsColumn(withPayer),
        reserved: reservedIdColumns(withPayer),
      })
      .from(socialAccounts)
      .innerJoin(socialTiers, eq(socialTiers.id, socialAccounts.tierId))
      .innerJoin(users, eq(users.id, socialAccounts.userId))
      .where(
        and(
          inIdsPlaceholder(socialAccounts.id, 'ids'),
          eq(socialAccounts.platform, sql.placeholder('platform')),
          eq(socialAccounts.status, 'connected'),
          isNotNull(socialAccounts.tierId),
          eq(socialTiers.status, 1),
          accountVisibleToArtists(),
        ),
      )
      .orderBy(asc(socialAccounts.id))
      .prepare(name),
  ).execute({ ids: idList(ids), platform, [PAYER_PLACEHOLDER]: payerId ?? null });
  return rows.map(({ account, tier, seller, payerBalance, payerAccounts, reserved }) => ({
    id: account.id,
    name: `@${account.username}`,
    sellerId: account.userId,
    tierId: tier.id,
    price: tier.price,
    seller,
    refusesAi: account.refusesAi,
    ...(payerBalance === null ? {} : { payerBalance }),
    ...(payerAccounts === null ? {} : { payerAccounts }),
    ...reservedOf(reserved),
  }));
}

/**
 * How a campaign on a connected account of `platform` is renewed: on the same account, buyable as in
 * {@link loadAccountTargets}, at the account's tier price of today (the campaign's own price when the
 * account can no longer be bought, with no name); the artist's pitch and song name are kept.
 */
export function accountRenewal(platform: string): ExpressRenewalParts {
  return {
    targetsField: 'account_ids',
    keepsArtistText: true,
    async target(deps, c) {
      const accountId = c.accountId;
      if (accountId === null) return null;
      const [target] = await withTransaction(deps.database, (tx) =>
        loadAccountTargets(tx, platform, [accountId]),
      );
      return {
        id: accountId,
        name: target?.name ?? null,
        price: target?.price ?? c.price,
        available: Boolean(target),
      };
    },
  };
}

/**
 * When the influencer accepted the campaign: the submission deadline less `playlist_submission_days`
 * (the engine sets both at approval). A video must be posted at or after this instant.
 * @returns null while the campaign was never approved
 */
export function acceptedAt(c: ExpressCampaignRow): Date | null {
  if (!c.submissionDeadline) return null;
  return new Date(c.submissionDeadline.getTime() - c.playlistSubmissionDays * DAY_MS);
}

/**
 * The median of view counts (whole views, rounded down between the two middle ones).
 * @returns null when there is no figure (a new account: no performance target)
 */
export function medianViews(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((v): v is number => typeof v === 'number' && v >= 0).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[mid]! : Math.floor((known[mid - 1]! + known[mid]!) / 2);
}

/** How many of an account's newest videos or reels make its "recent median views". */
export const RECENT_POSTS_FOR_TARGET = 10;

/**
 * The performance share at audit: the influencer earns the price in
 * proportion to the views reached over the target agreed at acceptance, rounded down to whole coins
 * and never above the price; the rest is refunded to the artist (desc 3 `complete_refund`).
 * No target (null or 0: an account without history) earns the full price.
 * @param price coins held; @param views views read at audit; @param target views agreed
 * @returns coins in 0..price
 */
export function performanceShare(price: number, views: number, target: number | null): number {
  if (target === null || target <= 0) return price;
  if (views <= 0) return 0;
  if (views >= target) return price;
  return Math.min(price, Math.floor((price * views) / target));
}

/**
 * A usable access token of the campaign's account, or null when the account can no longer be read
 * (revoked by its owner or staff, or its tokens refused by the platform): the video can then neither
 * be proven nor seen, so waiting campaigns fail at their deadline (full refund), on-going ones end
 * pro rata and audits use the views last read, instead of retrying forever with the coins held.
 * Provider outages still throw (the job retries).
 */
export async function accountToken(deps: EngineDeps, c: ExpressCampaignRow): Promise<string | null> {
  if (c.accountId === null) return null;
  try {
    return await accessTokenOf(deps, c.accountId);
  } catch (err) {
    if (err instanceof ConflictError && err.messageKey === 'connections.account_expired') return null;
    throw err;
  }
}

/**
 * How an influencer hears a TikTok or Instagram sound before deciding: the sandbox's generated
 * preview, or the sound's page opened beside (neither platform's embed reports a sound's playback, so
 * the page counts the time the listener keeps it playing: see docs/decisions.md "Hear it first").
 */
export function soundPlayer(
  provider: { soundPreviewUrl?(soundId: string, seconds: number): string },
  c: ExpressCampaignRow,
  seconds: number,
): ExpressPlayer {
  const preview = provider.soundPreviewUrl?.(c.trackId, seconds);
  return preview
    ? { kind: 'audio', url: preview, reports_playback: true }
    : { kind: 'link', url: c.trackUrl, reports_playback: false };
}
