import type { PayoutRisk, PayoutRiskReason } from '@lm/contracts/payouts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Payout } from './payouts.context';

/**
 * Risk context of payout requests (issue 36 "Payouts with risk context"; rules in docs/decisions.md
 * "Payout decisions: permission, second approver, risk"): for each payout, the payee's account age,
 * the trust flags on their playlists and accounts, where their coins came from (ledger credits of their
 * wallet by kind, the campaigns that paid them and those campaigns' artists), their earlier payouts and
 * outcomes, the age of the bank account paid, and a level with its reasons in words.
 * Every figure is read for all the payouts of a page at once (one statement per kind).
 */

/** An account younger than this (days) at the request is "new". */
export const NEW_ACCOUNT_DAYS = 30;
/** A bank account added less than this many days before the request is "new". */
export const NEW_RECIPIENT_DAYS = 7;
/** One artist paying at least this share (percent) of the campaign earnings is a concentration. */
export const ONE_ARTIST_PERCENT = 80;
/** Campaign earnings below this share (percent) of all credits: the coins mostly came otherwise. */
export const MOSTLY_EARNED_PERCENT = 50;
/** Most artists listed per payout. */
const TOP_ARTISTS = 5;

const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await db.execute<Row>(query)).rows;
}

/**
 * The risk level and its reasons from the figures (pure, the rules of docs/decisions.md):
 * a confirmed trust flag is high; each of a pending flag, a new account, a new bank account, one artist
 * paying most of the campaign earnings, coins mostly not earned from campaigns and an earlier payout
 * declined or failed is a concern; two concerns or more are high, one is medium, none is low.
 */
export function riskLevel(
  figures: Omit<PayoutRisk, 'level' | 'reasons'>,
): Pick<PayoutRisk, 'level' | 'reasons'> {
  const reasons: PayoutRiskReason[] = [];
  const { trust_flags: flags, sources, earlier_payouts: earlier } = figures;
  if (flags.confirmed > 0) reasons.push({ key: 'flag_confirmed', params: { count: flags.confirmed } });
  if (flags.pending > 0) reasons.push({ key: 'flag_pending', params: { count: flags.pending } });
  if (figures.account_age_days < NEW_ACCOUNT_DAYS)
    reasons.push({ key: 'new_account', params: { days: figures.account_age_days } });
  if (figures.recipient_age_days < NEW_RECIPIENT_DAYS)
    reasons.push({ key: 'new_recipient', params: { days: figures.recipient_age_days } });
  const top = sources.artists[0];
  if (top && sources.campaign_coins > 0 && top.coins * 100 >= sources.campaign_coins * ONE_ARTIST_PERCENT)
    reasons.push({
      key: 'one_artist',
      params: {
        name: top.name ?? `#${top.id}`,
        percent: Math.round((top.coins * 100) / sources.campaign_coins),
      },
    });
  const credited = sources.campaign_coins + sources.adjustment_coins + sources.other_coins;
  if (credited > 0 && sources.campaign_coins * 100 < credited * MOSTLY_EARNED_PERCENT)
    reasons.push({
      key: 'mostly_not_earned',
      params: { percent: Math.round((sources.campaign_coins * 100) / credited) },
    });
  const refused = earlier.declined + earlier.failed;
  if (refused > 0) reasons.push({ key: 'earlier_refused', params: { count: refused } });
  const concerns = reasons.length;
  const level =
    flags.confirmed > 0 || concerns >= 2 ? 'high' : concerns === 1 ? ('medium' as const) : ('low' as const);
  if (earlier.paid === 0) reasons.push({ key: 'first_payout', params: {} });
  if (concerns === 0) reasons.push({ key: 'no_concern', params: {} });
  return { level, reasons };
}

/**
 * Risk context of each payout in `list` (the admin list's rows, a payout's detail).
 * @param db drizzle over the pool
 * @param list payouts
 * @returns the context by payout id; ages are counted at the request (`created_at`)
 */
export async function payoutRisks(db: Db, list: Payout[]): Promise<Map<number, PayoutRisk>> {
  const out = new Map<number, PayoutRisk>();
  if (list.length === 0) return out;
  const userIds = [...new Set(list.map((p) => p.userId))];
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const payoutIds = sql.join(
    list.map((p) => sql`${p.id}`),
    sql`, `,
  );
  const [accounts, flags, credits, artists, campaigns, earlier, recipients] = await Promise.all([
    rows(db, sql`select id, created_at from users where id in (${ids})`),
    rows(
      db,
      sql`select owner, count(*) filter (where f.status = 'pending')::int as pending,
                 count(*) filter (where f.status = 'confirmed')::int as confirmed,
                 count(*) filter (where f.status = 'dismissed')::int as dismissed
            from (select f.status, coalesce(pl.curator_id, sa.user_id) as owner
                    from trust_flags f
                    left join express_playlists pl on pl.id = f.playlist_id
                    left join social_accounts sa on sa.id = f.account_id) f
           where owner in (${ids}) group by owner`,
    ),
    rows(
      db,
      sql`select a.user_id,
                 coalesce(sum(e.amount) filter (where e.desc_id = 2), 0)::bigint as campaign_coins,
                 coalesce(sum(e.amount) filter (where e.desc_id = 3 and t.meta->>'refund_type' = 'manual_adjustment'), 0)::bigint as adjustment_coins,
                 coalesce(sum(e.amount) filter (where e.desc_id <> 2 and not (e.desc_id = 3 and t.meta->>'refund_type' in ('manual_adjustment', 'payout_returned'))), 0)::bigint as other_coins
            from ledger_entries e
            join ledger_accounts a on a.id = e.account_id and a.kind = 'user_wallet'
            join ledger_transfers t on t.id = e.transfer_id
           where e.amount > 0 and a.user_id in (${ids})
           group by a.user_id`,
    ),
    rows(
      db,
      sql`select a.user_id, coalesce(ec.artist_id, cc.artist_id) as artist_id,
                 max(u.first_name || ' ' || u.last_name) as name,
                 count(distinct t.meta->>'campaign_id')::int as campaigns, sum(e.amount)::bigint as coins
            from ledger_entries e
            join ledger_accounts a on a.id = e.account_id and a.kind = 'user_wallet'
            join ledger_transfers t on t.id = e.transfer_id
            left join express_campaigns ec on t.meta->>'campaign_type' <> 'custom' and ec.id = (t.meta->>'campaign_id')::int
            left join custom_campaigns cc on t.meta->>'campaign_type' = 'custom' and cc.id = (t.meta->>'campaign_id')::int
            left join users u on u.id = coalesce(ec.artist_id, cc.artist_id)
           where e.amount > 0 and e.desc_id = 2 and a.user_id in (${ids})
           group by a.user_id, coalesce(ec.artist_id, cc.artist_id)
           order by coins desc`,
    ),
    rows(
      db,
      sql`select curator_id as user_id, count(*)::int as completed
            from express_campaigns where status_id = 6 and curator_id in (${ids}) group by curator_id`,
    ),
    rows(
      db,
      sql`select p.id, count(o.id) filter (where o.status_id = 3)::int as paid,
                 count(o.id) filter (where o.status_id = 4)::int as declined,
                 count(o.id) filter (where o.status_id = 5)::int as failed,
                 count(o.id) filter (where o.status_id in (1, 2))::int as open
            from payouts p left join payouts o on o.user_id = p.user_id and o.id < p.id
           where p.id in (${payoutIds}) group by p.id`,
    ),
    rows(
      db,
      sql`select p.id, r.created_at from payouts p join payout_recipients r on r.id = p.recipient_id
           where p.id in (${payoutIds})`,
    ),
  ]);
  const byUser = <T extends Row>(list: T[], key = 'user_id') => new Map(list.map((r) => [num(r[key]), r]));
  const account = byUser(accounts, 'id');
  const flag = byUser(flags, 'owner');
  const credit = byUser(credits);
  const completed = byUser(campaigns);
  const before = new Map(earlier.map((r) => [num(r.id), r]));
  const recipient = new Map(recipients.map((r) => [num(r.id), r]));
  const days = (from: unknown, to: Date) =>
    Math.max(0, Math.floor((to.getTime() - new Date(from as string).getTime()) / DAY_MS));
  for (const p of list) {
    const c = credit.get(p.userId);
    const f = flag.get(p.userId);
    const e = before.get(p.id);
    const payeeArtists = artists.filter((a) => num(a.user_id) === p.userId);
    const figures = {
      account_age_days: days(account.get(p.userId)?.created_at ?? p.createdAt, p.createdAt),
      trust_flags: { pending: num(f?.pending), confirmed: num(f?.confirmed), dismissed: num(f?.dismissed) },
      sources: {
        campaigns_completed: num(completed.get(p.userId)?.completed),
        campaign_coins: num(c?.campaign_coins),
        adjustment_coins: num(c?.adjustment_coins),
        other_coins: num(c?.other_coins),
        artist_count: payeeArtists.length,
        artists: payeeArtists.slice(0, TOP_ARTISTS).map((a) => ({
          id: a.artist_id === null ? null : num(a.artist_id),
          name: a.name === null ? null : String(a.name),
          campaigns: num(a.campaigns),
          coins: num(a.coins),
        })),
      },
      earlier_payouts: {
        paid: num(e?.paid),
        declined: num(e?.declined),
        failed: num(e?.failed),
        open: num(e?.open),
      },
      recipient_age_days: days(recipient.get(p.id)?.created_at ?? p.createdAt, p.createdAt),
    };
    out.set(p.id, { ...figures, ...riskLevel(figures) });
  }
  return out;
}
