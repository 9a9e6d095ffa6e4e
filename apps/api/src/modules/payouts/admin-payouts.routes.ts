import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope, idParams, listEnvelope, listQuery, messageOnly, paginate } from '../../platform/http';
import { t } from '../../platform/i18n';
import { users } from '../accounts/accounts.schema';
import { audit } from '../audit/audit.service';
import { ledgerTransfers } from '../wallet/wallet.schema';
import { payoutSchema, quoteParam, quoteSchema, recipientSchema } from './payouts.routes';
import { payoutQuotes, payoutRecipients, payouts } from './payouts.schema';
import * as service from './payouts.service';

/** Permission of the payout screens and decisions (spec section 6). */
export const PAYOUT_PERMISSION = 'INFLUENCER_VIEW_PAYOUT_PROFILE';
/** Permission of the transfer view (/transfers/{quote}). */
export const TRANSFER_PERMISSION = 'transfers.show';
const tags = ['admin payouts'];

const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  user_type_id: z.number(),
});
const adminPayoutSchema = payoutSchema.extend({ user: userSchema, recipient: recipientSchema });

/**
 * Back-office payouts (spec section 2: /requests/list, /payouts/list, /payouts/{id}, /transfers/{quote}):
 * lists, detail, approve (funds the Wise transfer) and decline with a reason (coins returned), all
 * audited. Lists and decisions need INFLUENCER_VIEW_PAYOUT_PROFILE, the transfer view transfers.show.
 */
export const adminPayoutsRoutes: RouteModule = (app, deps) => {
  const storageUrl = (k: string) => deps.storage.url(k);

  async function list(query: z.infer<typeof listQuery>, statuses: number[] | null) {
    const { page, limit } = query;
    const where: SQL[] = [];
    const status = Number(query.filter?.status_id);
    if (Number.isInteger(status) && status >= 1 && status <= 5) where.push(eq(payouts.statusId, status));
    else if (statuses) where.push(inArray(payouts.statusId, statuses));
    const userId = Number(query.filter?.user_id);
    if (Number.isInteger(userId) && userId > 0) where.push(eq(payouts.userId, userId));
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        or(
          ilike(users.email, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(payouts.wiseQuoteId, like),
          ilike(sql`coalesce(${payouts.wiseTransferId}, '')`, like),
        )!,
      );
    }
    const cond = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      deps.database.db
        .select({ p: payouts, u: users, r: payoutRecipients })
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.userId))
        .innerJoin(payoutRecipients, eq(payoutRecipients.id, payouts.recipientId))
        .where(cond)
        .orderBy(desc(payouts.id))
        .limit(limit)
        .offset((page - 1) * limit),
      deps.database.db
        .select({ n: count() })
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.userId))
        .where(cond),
    ]);
    return {
      data: rows.map((row) => adminView(row.p, row.u, row.r)),
      pagination: paginate(total!.n, page, limit),
    };
  }

  function adminView(
    p: typeof payouts.$inferSelect,
    u: typeof users.$inferSelect,
    r: typeof payoutRecipients.$inferSelect,
  ) {
    return {
      ...service.payoutView(p, storageUrl),
      user: { id: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email, user_type_id: u.userTypeId },
      recipient: service.recipientView(r),
    };
  }

  async function one(id: number) {
    const [row] = await deps.database.db
      .select({ p: payouts, u: users, r: payoutRecipients })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .innerJoin(payoutRecipients, eq(payoutRecipients.id, payouts.recipientId))
      .where(eq(payouts.id, id));
    if (!row) throw new NotFoundError();
    return row;
  }

  app.get(
    '/api/admin/payouts/requests',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(adminPayoutSchema) } },
    },
    async (req) => list(req.query, [1]),
  );

  app.get(
    '/api/admin/payouts',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(adminPayoutSchema) } },
    },
    async (req) => list(req.query, null),
  );

  const movementSchema = z.object({
    id: z.number(),
    number: z.string(),
    desc_id: z.number(),
    coins: z.number(),
    created_at: z.string(),
  });
  const detailSchema = adminPayoutSchema.extend({
    hold: z.object({ id: z.number(), status: z.string(), amount: z.number() }).nullable(),
    movements: z.array(movementSchema),
  });

  async function detail(id: number) {
    const row = await one(id);
    const movements = await deps.database.db
      .select()
      .from(ledgerTransfers)
      .where(
        or(
          eq(ledgerTransfers.holdId, row.p.holdId),
          eq(ledgerTransfers.idempotencyKey, `payout:${row.p.id}:return`),
        ),
      )
      .orderBy(ledgerTransfers.id);
    return {
      ...adminView(row.p, row.u, row.r),
      hold: await service.holdOf(deps, row.p),
      movements: movements.map((m) => ({
        id: m.id,
        number: m.number,
        desc_id: m.descId,
        coins: m.amount,
        created_at: m.createdAt.toISOString(),
      })),
    };
  }

  app.get(
    '/api/admin/payouts/:id',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: envelope(detailSchema) } },
    },
    async (req) => ({ data: await detail(req.params.id) }),
  );

  app.post(
    '/api/admin/payouts/:id/approve',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: envelope(detailSchema) } },
    },
    async (req) => {
      await service.approvePayout(deps, req.params.id, adminActor(req));
      return { data: await detail(req.params.id), message: t(req.lang, 'payouts.approved') };
    },
  );

  app.post(
    '/api/admin/payouts/:id/decline',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: {
        tags,
        params: idParams,
        body: z.object({
          reason: z.string().trim().min(3, 'payouts.reason_required').max(500, 'validation.too_long'),
        }),
        response: { 200: envelope(detailSchema) },
      },
    },
    async (req) => {
      await service.declinePayout(deps, req.params.id, req.body.reason, adminActor(req));
      return { data: await detail(req.params.id), message: t(req.lang, 'payouts.declined') };
    },
  );

  app.get(
    '/api/admin/transfers/:quote',
    {
      config: { access: adminAccess(TRANSFER_PERMISSION) },
      schema: {
        tags,
        params: z.object({ quote: quoteParam }),
        response: {
          200: envelope(
            z.object({
              quote: quoteSchema,
              user: userSchema,
              recipient: recipientSchema,
              payout: payoutSchema.nullable(),
              wise: z.object({ transfer_id: z.string(), status: z.string() }).nullable(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const [row] = await deps.database.db
        .select({ q: payoutQuotes, u: users, r: payoutRecipients })
        .from(payoutQuotes)
        .innerJoin(users, eq(users.id, payoutQuotes.userId))
        .innerJoin(payoutRecipients, eq(payoutRecipients.id, payoutQuotes.recipientId))
        .where(eq(payoutQuotes.wiseQuoteId, req.params.quote));
      if (!row) throw new NotFoundError();
      const [p] = await deps.database.db.select().from(payouts).where(eq(payouts.quoteId, row.q.id));
      let wise: { transfer_id: string; status: string } | null = null;
      if (p?.wiseTransferId) {
        // Live state at Wise; the stored state is shown when Wise cannot be reached.
        const live = await deps.providers.wise.getTransfer(p.wiseTransferId).catch(() => null);
        wise = { transfer_id: p.wiseTransferId, status: live?.status ?? p.wiseStatus ?? 'unknown' };
      }
      return {
        data: {
          quote: service.quoteView(row.q, deps.clock.now()),
          user: {
            id: row.u.id,
            name: `${row.u.firstName} ${row.u.lastName}`,
            email: row.u.email,
            user_type_id: row.u.userTypeId,
          },
          recipient: service.recipientView(row.r),
          payout: p ? service.payoutView(p, storageUrl) : null,
          wise,
        },
      };
    },
  );

  app.post(
    '/api/admin/payouts/reconcile',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, response: { 200: messageOnly } },
    },
    async (req) => {
      const r = await service.reconcilePayouts(deps);
      await audit(deps.database, adminActor(req), { action: 'payouts.reconciled', meta: r });
      return { message: t(req.lang, 'payouts.reconciled', r) };
    },
  );
};
