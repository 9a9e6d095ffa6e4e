import { bankFormatMessage, normalizeBankValue } from '@lm/contracts';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { checkRecipientDetails, type WiseAccountType, WiseApiError } from '../../providers/wise/index';
import { type AuditActor, audit } from '../audit';
import { getSettings } from '../settings';
import { walletValue } from '../wallet';
import { type Deps, OPEN, type Recipient } from './payouts.context';
import { payoutRecipients, payouts } from './payouts.schema';

/** Amount (pence) the account requirements are asked for (requirements rarely depend on it). */
const REQUIREMENTS_AMOUNT_MINOR = 10_000;

/**
 * Withdrawable balance: the wallet's coins and their value from the one wallet valuation
 * (`walletValue`: a payee's coins at the payout rate setting, pence per coin, GBP minor units), and the
 * smallest withdrawal (`min_withdrawal_coins` setting).
 */
export async function withdrawable(deps: Deps, userId: number) {
  const [value, settings] = await Promise.all([
    walletValue(deps.database, userId),
    getSettings(deps.database),
  ]);
  return {
    balance: value.balance,
    payout_rate_pence: value.pence_per_coin,
    min_withdrawal_coins: settings.min_withdrawal_coins,
    total_minor: value.total_minor,
    total: value.total_minor / 100,
    currency: value.currency,
  };
}

/**
 * Account types and fields needed to receive `currency` in `country` (`payments/outgoing/types/search`).
 * @throws ValidationError on `currency` when Wise does not pay out in it
 */
export async function accountTypes(
  deps: Deps,
  currency: string,
  country: string | null,
): Promise<WiseAccountType[]> {
  try {
    return await deps.providers.wise.accountRequirements({
      target: currency,
      country,
      sourceAmountMinor: REQUIREMENTS_AMOUNT_MINOR,
    });
  } catch (err) {
    if (err instanceof WiseApiError && err.permanent)
      throw new ValidationError({ currency: ['payments.currency_unsupported'] });
    throw providerDown(err);
  }
}

/** The error to answer when Wise fails: an AppError as it is, anything else 502 'payouts.provider_unavailable'. */
export function providerDown(err: unknown): Error {
  if (err instanceof AppError) return err;
  return new AppError(502, 'payouts.provider_unavailable');
}

/** Mask an account detail for lists: the last 4 characters. */
const mask = (v: string) => (v.length <= 4 ? v : `•••• ${v.slice(-4)}`);

/** A recipient account as the apps show it (details of the owner, masked numbers in `label`). */
export function recipientView(r: Recipient) {
  const numbers = Object.entries(r.details)
    .filter(([k]) => /account|iban|number/i.test(k))
    .map(([, v]) => v);
  return {
    id: r.id,
    currency: r.currency,
    country: r.country,
    type: r.type,
    account_holder_name: r.accountHolderName,
    details: r.details,
    label: `${r.accountHolderName} · ${r.currency} ${numbers[0] ? mask(numbers[0]) : r.type}`,
    wise_account_id: r.wiseAccountId,
    created_at: r.createdAt.toISOString(),
  };
}

/** The user's recipient accounts (deleted ones hidden), newest first. */
export async function listRecipients(deps: Deps, userId: number) {
  const rows = await deps.database.db
    .select()
    .from(payoutRecipients)
    .where(and(eq(payoutRecipients.userId, userId), isNull(payoutRecipients.deletedAt)))
    .orderBy(desc(payoutRecipients.id));
  return rows.map(recipientView);
}

/**
 * Save a recipient account (`payments/transfer/info/store`): the details are checked against the
 * fields Wise requires for the currency, country and type, then the account is created at Wise.
 * @throws ValidationError per field (`details.<key>`, `type`, `currency`); nothing is stored then
 */
export async function storeRecipient(
  deps: Deps,
  userId: number,
  input: {
    currency: string;
    country: string | null;
    type: string;
    account_holder_name: string;
    details: Record<string, string>;
  },
  actor: AuditActor,
) {
  const types = await accountTypes(deps, input.currency, input.country);
  const details = Object.fromEntries(
    Object.entries(input.details)
      .map(([k, v]) => [k, normalizeBankValue(k, String(v))] as const)
      .filter(([, v]) => v !== ''),
  );
  const problems = checkRecipientDetails(types, input.type, details);
  if (Object.keys(problems).length > 0) {
    const fields = types.find((x) => x.type === input.type)?.fields ?? [];
    const errors: Record<string, (string | { key: string; params: Record<string, string | number> })[]> = {};
    for (const [key, kind] of Object.entries(problems)) {
      if (kind === 'type') errors.type = ['payouts.account_type_invalid'];
      else if (kind === 'required') errors[`details.${key}`] = ['validation.required'];
      else {
        const field = fields.find((f) => f.key === key);
        // Say which format is expected, so the person can correct it, from the field's own rule and example.
        errors[`details.${key}`] = [field ? bankFormatMessage(field) : 'payouts.field_invalid'];
      }
    }
    throw new ValidationError(errors);
  }
  // Keep only the fields of the chosen type (no stray values reach Wise or the database).
  const allowed = new Set(types.find((x) => x.type === input.type)!.fields.map((f) => f.key));
  const kept = Object.fromEntries(Object.entries(details).filter(([k]) => allowed.has(k)));
  let wiseId: string;
  try {
    const created = await deps.providers.wise.createRecipient({
      currency: input.currency,
      country: input.country,
      type: input.type,
      accountHolderName: input.account_holder_name,
      details: kept,
    });
    wiseId = created.id;
  } catch (err) {
    if (err instanceof WiseApiError && err.permanent) {
      const keys = Object.keys(err.fields);
      throw new ValidationError(
        keys.length > 0
          ? Object.fromEntries(keys.map((k) => [`details.${k}`, ['payouts.field_invalid']]))
          : { details: ['payouts.field_invalid'] },
      );
    }
    throw providerDown(err);
  }
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .insert(payoutRecipients)
      .values({
        userId,
        currency: input.currency,
        country: input.country,
        type: input.type,
        accountHolderName: input.account_holder_name,
        details: kept,
        wiseAccountId: wiseId,
      })
      .returning();
    await audit(
      deps.database,
      actor,
      { action: 'payouts.recipient_added', targetType: 'payout_recipient', targetId: row!.id },
      tx,
    );
    return recipientView(row!);
  });
}

/**
 * Delete (hide) a recipient account (`payments/wise/user/info/delete/{id}`).
 * @throws NotFoundError when not the user's; ConflictError while an open payout uses it
 */
export async function deleteRecipient(deps: Deps, userId: number, id: number, actor: AuditActor) {
  const row = await withTransaction(deps.database, async (tx) => {
    const [r] = await tx.db
      .select()
      .from(payoutRecipients)
      .where(
        and(
          eq(payoutRecipients.id, id),
          eq(payoutRecipients.userId, userId),
          isNull(payoutRecipients.deletedAt),
        ),
      )
      .for('update');
    if (!r) throw new NotFoundError();
    const [open] = await tx.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.recipientId, id), inArray(payouts.statusId, OPEN)));
    if (open) throw new ConflictError('payouts.recipient_in_use');
    await tx.db
      .update(payoutRecipients)
      .set({ deletedAt: deps.clock.now() })
      .where(eq(payoutRecipients.id, id));
    await audit(
      deps.database,
      actor,
      { action: 'payouts.recipient_deleted', targetType: 'payout_recipient', targetId: id },
      tx,
    );
    return r;
  });
  // Deactivating at Wise is housekeeping: the account is already unusable here.
  await deps.providers.wise.deleteRecipient(row.wiseAccountId).catch(() => undefined);
}
