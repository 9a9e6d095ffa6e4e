/**
 * The same-work floor of the purchase benchmark (`purchases.ts`): a bare Fastify + pg route that writes,
 * in one transaction and one round trip, exactly the rows one coin-paid Spotify express purchase of the
 * product writes, into the product's own tables (same constraints, indexes and triggers as migrated).
 * Like the ledger-only baseline (`purchase-baseline-server.ts`) it has no auth, no validation beyond
 * the database's, no logging and no answer beyond the ids; pool of 20 like the product.
 *
 * `POST /purchase` `{ "user_id": n, "playlist_id": n, "track_id": "22 chars", "coins": the tier's price }`,
 * one simple-protocol
 * query of prepared statements (prepared once per connection), values sent as SQL literals:
 *
 *   begin;
 *   execute floor_order(...)  -- one statement, data-modifying CTEs: the campaign row (its hold id
 *                             --   reserved from the holds' sequence; the report rollup trigger runs),
 *                             --   the two `express.advance` pg-boss jobs (the seller's reminder a day
 *                             --   before the answer deadline, and the deadline), the timeline event,
 *                             --   the curator's notification, the curator's mail (outbox row), the
 *                             --   audit entry (its late-hours statement trigger runs)
 *   execute floor_lock(...)   -- the payer's wallet and escrow, ascending ids, FOR NO KEY UPDATE
 *   execute floor_hold(...)   -- hold, transfer, two entries, both balances and positions; raises
 *                             --   LM001 (`ledger_assert_funded`) when the wallet is short
 *   commit
 *
 * Targets (playlist, tier price, curator's first name and address) are read by the INSERT itself; the
 * settings (fee, days, mail sender name) once at start. 201 `{ data: { campaign_id } }`, 409
 * when the wallet is short. `GET /health`: 200.
 *
 * Started as a child by `purchases.ts`. Env: BASELINE_PORT, BASELINE_DATABASE_URL, FLOOR_APP_URL (the
 * product's APP_URL, for the links), FLOOR_MAIL_FROM (the product's MAIL_FROM address).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { baselineSetup, serveBaseline } from './baseline-serve';

const { port, pool, app } = baselineSetup();
const appUrl = process.env.FLOOR_APP_URL ?? 'http://localhost:3000';
const mailFrom = process.env.FLOOR_MAIL_FROM ?? 'no-reply@liberty.test';

const DAY_MS = 24 * 60 * 60 * 1000;

const settings = await (async () => {
  const { rows } = await pool.query<{ key: string; value: string }>('select key, value from settings');
  const get = (key: string, fallback: string) => rows.find((r) => r.key === key)?.value ?? fallback;
  return {
    fee: Number(get('platform_fee_percent', '20')),
    submissionDays: Number(get('playlist_submission_days', '3')),
    onGoingDays: Number(get('on_going_days', '28')),
    auditingDays: Number(get('auditing_days', '3')),
    answerDays: Number(get('answer_days', '7')),
    fromName: get('mail_from_name', 'Liberty Music'),
  };
})();

/*
 * $1 artist id, $2 playlist id, $3 track id, $4 track url, $5 track name, $6 track artist, $7 cover url,
 * $8 now, $9 answer deadline, $10 fee %, $11 submission days, $12 on-going days, $13 auditing days,
 * $14 reminder in seconds, $15 reminder instant (ms), $16 deadline in seconds, $17 deadline instant (ms),
 * $18 the app's URL, $19 the mail's From.
 */
const ORDER = `
with target as (
  select p.id, p.name, p.curator_id, p.tier_id, t.price, u.email, u.first_name
    from express_playlists p join express_tiers t on t.id = p.tier_id join users u on u.id = p.curator_id
   where p.id = $2
),
c as (
  insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, tier_id, track_id,
      track_url, track_name, track_artist, cover_url, is_released, status_id, price, hold_id, payment_method,
      fee_percent, playlist_submission_days, on_going_days, auditing_days, answer_deadline, created_at, updated_at)
  select $1, 1, curator_id, id, tier_id, $3, $4, $5, $6, $7, true, 1, price, nextval('ledger_holds_id_seq'), 'coins',
         $10, $11, $12, $13, $9, $8, $8
    from target
  returning id
),
jobs as (
  insert into pgboss.job_common (id, name, data, priority, start_after, created_on, singleton_key, expire_seconds,
      deletion_seconds, keep_until, retry_limit, retry_delay, retry_backoff, retry_delay_max, policy, dead_letter,
      heartbeat_seconds, blocked, blocking, pending_dependencies)
  select gen_random_uuid(), q.name, jsonb_build_object('campaignId', c.id), 0, now() + v.s * interval '1s', now(),
         'express-' || c.id || '-' || v.at, q.expire_seconds, q.deletion_seconds,
         now() + v.s * interval '1s' + q.retention_seconds * interval '1s', q.retry_limit, q.retry_delay,
         coalesce(q.retry_backoff, false), q.retry_delay_max, q.policy, q.dead_letter, q.heartbeat_seconds,
         false, false, 0
    from c, pgboss.queue q, (values ($14::int, $15::bigint), ($16::int, $17::bigint)) v(s, at)
   where q.name = 'express.advance'
  on conflict do nothing
),
event as (
  insert into express_campaign_events (campaign_id, from_status, to_status, actor_type, actor_id, note_key,
      note_params, created_at)
  select c.id, null, 1, 'user', $1, 'express.timeline.created', null, $8 from c
),
notice as (
  insert into notifications (user_id, admin_id, type, message_key, params, link, data, created_at)
  select t.curator_id, null, 'express.new_campaign', 'express.notify.new_campaign',
         jsonb_build_object('track', $5::text, 'playlist', t.name, 'coins', t.price),
         '/express/my/playlist/view/' || t.id, jsonb_build_object('campaign_id', c.id), $8
    from c, target t
),
mail as (
  insert into mail_outbox (to_address, from_address, reply_to, subject, text, driver)
  select t.email, $19, null, 'New campaign request',
         format(E'Hello %s,\\n\\n"%s" was submitted to your playlist %s for %s coins. Approve or decline it.\\n\\n%s/express/my/playlist/view/%s',
                t.first_name, $5::text, t.name, t.price, $18::text, t.id),
         'outbox'
    from target t
),
audit as (
  insert into audit_logs (actor_type, actor_id, action, target_type, target_id, ip, user_agent, meta)
  select 'user', $1, 'express.created', 'express_campaign', c.id::text, null, null,
         jsonb_build_object('track_id', $3::text, 'campaign_type', 'spotify', 'playlists', jsonb_build_array($2::int))
    from c
)
select id from c`;

const ORDER_TYPES = [
  'int',
  'int',
  'varchar',
  'varchar',
  'varchar',
  'varchar',
  'varchar',
  'timestamptz',
  'timestamptz',
  'int',
  'int',
  'int',
  'int',
  'int',
  'bigint',
  'int',
  'bigint',
  'text',
  'varchar',
];

/** $1 payer id. */
const LOCK = `select id from ledger_accounts where user_id = $1 and kind in ('user_wallet', 'campaign_escrow')
  order by id for no key update`;

/* $1 payer id, $2 coins, $3 transfer number. The campaign and the hold id come from the order's sequences. */
const HOLD = `
with w as (select id from ledger_accounts where user_id = $1 and kind = 'user_wallet'),
e as (select id from ledger_accounts where user_id = $1 and kind = 'campaign_escrow'),
debit as (
  update ledger_accounts set balance = balance - $2, entry_count = entry_count + 1
   where id = (select id from w) and (allow_negative = 1 or balance >= $2)
  returning balance, entry_count
),
credit as (
  update ledger_accounts set balance = balance + $2, entry_count = entry_count + 1
   where id = (select id from e) and exists (select 1 from debit)
  returning balance, entry_count
),
hold as (
  insert into ledger_holds (id, payer_account_id, escrow_account_id, amount, ref_type, ref_id)
  select currval('ledger_holds_id_seq'), (select id from w), (select id from e), $2, 'express_campaign',
         currval('express_campaigns_id_seq')::text
    from credit
  returning id
),
transfer as (
  insert into ledger_transfers (number, idempotency_key, debit_account_id, credit_account_id, amount, desc_id,
      hold_id, meta)
  select $3, 'express:' || currval('express_campaigns_id_seq') || ':hold', (select id from w), (select id from e),
         $2, 2, h.id,
         jsonb_build_object('campaign_type', 'spotify', 'campaign_id', currval('express_campaigns_id_seq'))
    from hold h
  returning id
),
entries as (
  insert into ledger_entries (account_id, transfer_id, amount, balance_after, desc_id, account_seq)
  select (select id from w), t.id, -$2, d.balance, 2, d.entry_count from transfer t, debit d
  union all
  select (select id from e), t.id, $2, c.balance, 2, c.entry_count from transfer t, credit c
)
select ledger_assert_funded(exists (select 1 from transfer))`;

const PREPARE = [
  `prepare floor_order(${ORDER_TYPES.join(', ')}) as ${ORDER}`,
  `prepare floor_lock(int) as ${LOCK}`,
  `prepare floor_hold(int, bigint, varchar) as ${HOLD}`,
].join(';\n');

/** Connections whose statements are prepared. */
const prepared = new WeakSet<pg.PoolClient>();

const literal = (v: string | number | null): string =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : pg.escapeLiteral(v);

/** A sandbox-like track's name and artist for a track id (the product reads them from its provider). */
function track(id: string): { name: string; artist: string } {
  const names = ['Midnight Signals', 'Crimson Letters', 'Lucky Signals', 'Paper Moons'];
  const artists = ['Luna Vale', 'Ola Brandt', 'The Night Drives, Tessa Quill', 'Mara Kline'];
  const i = id.charCodeAt(0) % 4;
  return { name: names[i]!, artist: artists[i]! };
}

app.get('/health', async () => ({ ok: true }));

app.post<{ Body: { user_id: number; playlist_id: number; track_id: string; coins: number } }>(
  '/purchase',
  async (req, reply) => {
    const { user_id: userId, playlist_id: playlistId, track_id: trackId, coins } = req.body;
    const now = new Date();
    const deadline = new Date(now.getTime() + settings.answerDays * DAY_MS);
    const reminder = new Date(deadline.getTime() - DAY_MS);
    const seconds = (at: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
    const { name, artist } = track(trackId);
    const order = [
      userId,
      playlistId,
      trackId,
      `https://open.spotify.com/track/${trackId}`,
      name,
      artist,
      `${appUrl}/api/sandbox/spotify/cover/${trackId}.svg`,
      now.toISOString(),
      deadline.toISOString(),
      settings.fee,
      settings.submissionDays,
      settings.onGoingDays,
      settings.auditingDays,
      seconds(reminder),
      reminder.getTime(),
      seconds(deadline),
      deadline.getTime(),
      appUrl,
      `"${settings.fromName}" <${mailFrom}>`,
    ];
    const number = `TX${randomBytes(6).toString('hex').toUpperCase()}`;
    const client = await pool.connect();
    try {
      if (!prepared.has(client)) {
        await client.query(PREPARE);
        prepared.add(client);
      }
      const results = (await client.query(
        [
          'begin',
          `execute floor_order(${order.map(literal).join(', ')})`,
          `execute floor_lock(${literal(userId)})`,
          `execute floor_hold(${[userId, coins, number].map(literal).join(', ')})`,
          'commit',
        ].join(';\n'),
      )) as unknown as pg.QueryResult<{ id: number }>[];
      const campaignId = results[1]?.rows[0]?.id;
      if (campaignId === undefined) throw new Error(`playlist ${playlistId} not found`);
      return reply.status(201).send({ data: { campaign_id: campaignId } });
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      if ((err as { code?: string }).code === 'LM001') return reply.status(409).send({ message: 'short' });
      throw err;
    } finally {
      client.release();
    }
  },
);

await serveBaseline(app, pool, port);
