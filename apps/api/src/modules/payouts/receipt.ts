import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/app';
import { ConflictError } from '../../platform/errors';
import { renderPdf } from '../../platform/pdf';
import { getSettings } from '../settings';
import { formatMoney } from '../wallet';
import { payoutWithParties } from './payouts.queries';
import { payouts } from './payouts.schema';

type Deps = Pick<AppDeps, 'database' | 'storage'>;

/**
 * Render a payout receipt PDF (A4): who, how many coins, amounts sent and received, Wise references.
 * `issuer` is the product's name (setting `mail_from_name`), printed as the heading and the author.
 */
export async function renderReceiptPdf(data: {
  issuer: string;
  id: number;
  date: Date;
  name: string;
  email: string;
  account: string;
  coins: number;
  amountMinor: number;
  currency: string;
  feeMinor: number;
  targetMinor: number;
  targetCurrency: string;
  rate: number;
  transferId: string | null;
}): Promise<Buffer> {
  return renderPdf(
    {
      title: `Payout ${data.id}`,
      issuer: data.issuer,
      subtitle: 'Payout receipt',
      heading: `Payout #${data.id}`,
    },
    (doc) => {
      doc
        .moveDown(0.5)
        .fontSize(10)
        .text(`Paid on: ${data.date.toISOString().slice(0, 10)}`);
      doc.text(`Paid to: ${data.name} <${data.email}>`);
      doc.text(`Bank account: ${data.account}`);
      if (data.transferId) doc.text(`Wise transfer: ${data.transferId}`);
      doc.moveDown(1.2).fontSize(11);
      doc.text(`Liberty Coins withdrawn: ${data.coins}`);
      doc.text(`Amount: ${formatMoney(data.amountMinor, data.currency)}`);
      doc.text(`Transfer fee: ${formatMoney(data.feeMinor, data.currency)}`);
      doc.text(`Exchange rate: ${data.rate}`);
      doc
        .moveDown(0.5)
        .fontSize(12)
        .text(`Received: ${formatMoney(data.targetMinor, data.targetCurrency)}`);
    },
  );
}

/**
 * Render and store the receipt of a paid payout once (`attachment_link`); safe to run twice.
 * @returns the stored path
 * @throws NotFoundError (no payout), ConflictError 'payouts.not_paid' (not paid yet)
 */
export async function ensureReceipt(deps: Deps, payoutId: number): Promise<string> {
  const row = await payoutWithParties(deps, payoutId);
  if (row.p.attachmentPath) return row.p.attachmentPath;
  if (row.p.statusId !== 3 || !row.p.paidAt) throw new ConflictError('payouts.not_paid');
  const numbers = Object.entries(row.r.details).filter(([k]) => /account|iban|number/i.test(k));
  const last = numbers[0]?.[1] ?? '';
  const pdf = await renderReceiptPdf({
    issuer: (await getSettings(deps.database)).mail_from_name,
    id: row.p.id,
    date: row.p.paidAt,
    name: `${row.u.firstName} ${row.u.lastName}`,
    email: row.p.email,
    account: `${row.r.accountHolderName}, ${row.r.currency} ${last ? `•••• ${last.slice(-4)}` : row.r.type}`,
    coins: row.p.coins,
    amountMinor: row.p.amountMinor,
    currency: row.p.currency,
    feeMinor: row.p.feeMinor,
    targetMinor: row.p.targetMinor,
    targetCurrency: row.p.targetCurrency,
    rate: Number(row.p.rate),
    transferId: row.p.wiseTransferId,
  });
  const key = `payouts/payout-${row.p.id}.pdf`;
  try {
    await deps.storage.put(key, pdf, 'application/pdf');
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
  }
  await deps.database.db.update(payouts).set({ attachmentPath: key }).where(eq(payouts.id, payoutId));
  return key;
}
