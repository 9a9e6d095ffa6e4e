import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { Language } from '@lm/contracts/api';
import type { RosterDashboardRow, Statement, StatementLine } from '@lm/contracts/organisation-money-api';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { claimExportSlot, type ExportColumn, sendCsvExport } from '../../platform/csv-export';
import { t } from '../../platform/i18n';
import { assertCan, can, membershipOf } from './organisations.access';
import { monthStart, nextMonth } from './organisations.money';

/*
 * The read side of an organisation's money (issue 35): the roster dashboard and the monthly statement
 * with its CSV export.
 */

const OPEN = [S.PENDING_APPROVAL, S.WAITING_SUBMISSION, S.VERIFYING, S.ON_GOING, S.AUDITING];
const FINISHED = [S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT];

/**
 * The roster dashboard (`GET /api/organisations/:id/dashboard`, Roster read per artist): per active
 * artist the member may see, the open and finished express campaigns, the coins spent on campaigns
 * this month (UTC; from the budget account when the artist has a budget, else from the artist's
 * wallet; holds net of refunds) against the monthly budget, and the results of finished campaigns
 * (placements made: completed campaigns; streams: the artist's reported streams of the promoted tracks
 * since each campaign began, null when none were uploaded).
 * @param storageUrl the public address of a stored file (the avatar)
 * @throws 404/403 (membership)
 */
export async function rosterDashboard(
  database: Database,
  userId: number,
  organisationId: number,
  now: Date,
  storageUrl: (key: string) => string,
): Promise<RosterDashboardRow[]> {
  const membership = await membershipOf(database, userId, organisationId);
  if (membership.artistUserIds === null) assertCan(membership, 'read', 'Roster');
  const month = monthStart(now);
  const { rows } = await database.db.execute<{
    artist_user_id: number;
    artist_name: string;
    avatar: string | null;
    managed: boolean;
    open_campaigns: number;
    finished_campaigns: number;
    placements: number;
    spent: number;
    monthly_budget: number | null;
    streams: number | null;
  }>(sql`
    select r.artist_user_id, coalesce(nullif(u.artist_name, ''), u.first_name || ' ' || u.last_name) as artist_name,
           u.avatar, r.managed,
           (select count(*)::int from express_campaigns c
             where c.artist_id = r.artist_user_id and c.status_id in (${sql.join(OPEN, sql`, `)})) as open_campaigns,
           (select count(*)::int from express_campaigns c
             where c.artist_id = r.artist_user_id and c.status_id in (${sql.join(FINISHED, sql`, `)})) as finished_campaigns,
           (select count(*)::int from express_campaigns c
             where c.artist_id = r.artist_user_id and c.status_id = ${S.COMPLETED}) as placements,
           (select (-coalesce(sum(e.amount), 0))::bigint from ledger_entries e
             where e.account_id = coalesce(b.ledger_account_id,
                     (select a.id from ledger_accounts a where a.kind = 'user_wallet' and a.user_id = r.artist_user_id))
               and e.desc_id in (2, 3) and e.created_at >= ${month}::date) as spent,
           b.monthly_coins as monthly_budget,
           (select sum(s.streams)::bigint from track_daily_streams s
             where s.artist_id = r.artist_user_id
               and exists (select 1 from express_campaigns c
                            where c.artist_id = r.artist_user_id and c.status_id = ${S.COMPLETED}
                              and c.track_id = s.track_id and s.day >= c.created_at::date)) as streams
      from organisation_artists r
      join users u on u.id = r.artist_user_id
      left join organisation_budgets b on b.organisation_id = r.organisation_id and b.artist_user_id = r.artist_user_id
     where r.organisation_id = ${organisationId} and r.status = 'active'
     order by artist_name, r.artist_user_id`);
  return rows
    .filter((r) => can(membership, 'read', 'Roster', Number(r.artist_user_id)))
    .map((r) => ({
      artist_user_id: Number(r.artist_user_id),
      artist_name: r.artist_name,
      avatar_url: r.avatar ? storageUrl(r.avatar) : null,
      managed: r.managed,
      open_campaigns: Number(r.open_campaigns),
      finished_campaigns: Number(r.finished_campaigns),
      spent_this_month: Math.max(0, Number(r.spent)),
      monthly_budget: r.monthly_budget === null ? null : Number(r.monthly_budget),
      placements: Number(r.placements),
      streams: r.streams === null ? null : Number(r.streams),
    }));
}

/**
 * The monthly statement (`GET /api/organisations/:id/statement?month=YYYY-MM`, Statement read): every
 * movement of the organisation's wallet and budget accounts in the month (UTC), oldest first: coins
 * bought (purchase), transfers to artists, budget top-ups and returns, campaigns held from budgets and
 * their refunds; coins signed as seen from the organisation (a budget move is signed as the wallet
 * sees it, and marked `internal`: it moves coins inside the organisation); totals overall and per
 * artist. Descriptions in the reader's language.
 * @param month `YYYY-MM`
 * @throws 404/403 (membership)
 */
export async function monthlyStatement(
  database: Database,
  userId: number,
  organisationId: number,
  month: string,
  lang: Language,
): Promise<Statement> {
  const membership = await membershipOf(database, userId, organisationId);
  assertCan(membership, 'read', 'Statement');
  const from = `${month}-01`;
  const to = nextMonth(from);
  const { rows } = await database.db.execute<{
    created_at: Date;
    account_kind: string;
    entry_amount: number;
    desc_id: number;
    number: string;
    money_minor: number | null;
    currency: string | null;
    meta: Record<string, unknown> | null;
    artist_user_id: number | null;
    artist_name: string | null;
  }>(sql`
    select e.created_at, a.kind as account_kind, e.amount as entry_amount, e.desc_id, t.number, t.money_minor,
           t.currency, t.meta, artist.id as artist_user_id,
           coalesce(nullif(artist.artist_name, ''), artist.first_name || ' ' || artist.last_name) as artist_name
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transfers t on t.id = e.transfer_id
      left join organisation_budgets b on b.ledger_account_id = a.id
      left join users artist on artist.id = coalesce(b.artist_user_id, (t.meta ->> 'artist_user_id')::int)
     where a.organisation_id = ${organisationId}
       and e.created_at >= ${from}::date and e.created_at < ${to}::date
       -- A budget move shows once, from the wallet's side.
       and not (a.kind = 'organisation_budget' and e.desc_id = 8)
     order by e.id`);
  const lines: StatementLine[] = rows.map((r) => {
    const kind: StatementLine['kind'] =
      r.desc_id === 1
        ? 'purchase'
        : r.desc_id === 2
          ? 'campaign'
          : r.desc_id === 3
            ? 'refund'
            : r.meta?.kind === 'transfer'
              ? 'transfer'
              : 'budget';
    const artistName = r.artist_name ?? null;
    return {
      date: new Date(r.created_at).toISOString(),
      kind,
      artist_user_id: r.artist_user_id === null ? null : Number(r.artist_user_id),
      artist_name: artistName,
      description: t(
        lang,
        `organisations.statement.kinds.${kind === 'budget' ? (Number(r.entry_amount) < 0 ? 'budget_to' : 'budget_from') : kind}`,
        { artist: artistName ?? '' },
      ),
      coins: Number(r.entry_amount),
      internal: kind === 'budget',
      amount_minor: kind === 'purchase' && r.money_minor !== null ? Number(r.money_minor) : null,
      currency: kind === 'purchase' ? r.currency : null,
      reference: r.number,
    };
  });
  const sum = (kind: StatementLine['kind'], of = lines) =>
    of.filter((l) => l.kind === kind).reduce((total, l) => total + Math.abs(l.coins), 0);
  const artists = new Map<number, string>();
  for (const l of lines) if (l.artist_user_id !== null) artists.set(l.artist_user_id, l.artist_name ?? '');
  return {
    month,
    lines,
    per_artist: [...artists].map(([id, name]) => {
      const own = lines.filter((l) => l.artist_user_id === id);
      return {
        artist_user_id: id,
        artist_name: name,
        campaigns: sum('campaign', own),
        refunds: sum('refund', own),
        transfers: sum('transfer', own),
      };
    }),
    totals: {
      purchases: sum('purchase'),
      campaigns: sum('campaign'),
      refunds: sum('refund'),
      transfers: sum('transfer'),
    },
  };
}

/** One line of the statement's CSV export. */
export type StatementCsvRow = StatementLine & Record<string, unknown>;

/** The statement's CSV columns (headers in the reader's language, `organisations.statement.columns.*`). */
export const STATEMENT_COLUMNS: readonly ExportColumn<StatementCsvRow>[] = [
  { key: 'date', header: 'organisations.statement.columns.date' },
  {
    key: 'kind',
    header: 'organisations.statement.columns.kind',
    format: (v, _row, lang) => t(lang, `organisations.statement.kind_names.${String(v)}`),
  },
  { key: 'artist_name', header: 'organisations.statement.columns.artist' },
  { key: 'description', header: 'organisations.statement.columns.description' },
  { key: 'coins', header: 'organisations.statement.columns.coins' },
  {
    key: 'amount_minor',
    header: 'organisations.statement.columns.amount',
    format: (v) => (v === null || v === undefined ? null : (Number(v) / 100).toFixed(2)),
  },
  { key: 'currency', header: 'organisations.statement.columns.currency' },
  { key: 'reference', header: 'organisations.statement.columns.reference' },
];

/**
 * The monthly statement's lines as a CSV download (`GET /api/organisations/:id/statement.csv`,
 * Statement read): {@link monthlyStatement}'s lines through the shared export (`sendCsvExport`),
 * headers and kinds in the reader's language.
 * @throws 404/403 (membership), 429 `exports.busy` when every export slot is taken
 */
export async function sendStatementCsv(
  database: Database,
  reply: FastifyReply,
  userId: number,
  organisationId: number,
  month: string,
  lang: Language,
): Promise<void> {
  const statement = await monthlyStatement(database, userId, organisationId, month, lang);
  const release = claimExportSlot();
  try {
    await sendCsvExport(
      database,
      reply,
      lang,
      {
        rows: statement.lines as StatementCsvRow[],
        columns: STATEMENT_COLUMNS,
        filename: `statement-${organisationId}-${month}.csv`,
      },
      release,
    );
  } catch (err) {
    release();
    throw err;
  }
}
