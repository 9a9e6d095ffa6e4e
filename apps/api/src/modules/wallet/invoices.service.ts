import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { renderPdf } from '../../platform/pdf';
import { getSettings } from '../settings';
import { invoices, payments } from './payments.schema';

export type Deps = Pick<AppDeps, 'database' | 'storage'>;

/** Format minor units as money, e.g. 1999 GBP → "£19.99". */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
}

/**
 * Render an invoice PDF (A4) to a buffer. `issuer` is the product's name (setting `mail_from_name`),
 * printed as the heading and the document's author.
 */
export async function renderInvoicePdf(data: {
  issuer: string;
  number: string;
  date: Date;
  customer: { name: string; email: string };
  /** An organisation's billing address, country and VAT number (issue 35), printed under its name. */
  billing?: { address: string; country: string; vatNumber: string | null };
  description: string;
  coins: number;
  amountMinor: number;
  currency: string;
  method: string;
}): Promise<Buffer> {
  return renderPdf(
    {
      title: `Invoice ${data.number}`,
      issuer: data.issuer,
      subtitle: 'Music promotion marketplace',
      heading: `Invoice ${data.number}`,
    },
    (doc) => {
      doc
        .moveDown(0.5)
        .fontSize(10)
        .text(`Date: ${data.date.toISOString().slice(0, 10)}`);
      doc.text(`Billed to: ${data.customer.name} <${data.customer.email}>`);
      if (data.billing) {
        doc.text(data.billing.address);
        doc.text(data.billing.country);
        if (data.billing.vatNumber) doc.text(`VAT number: ${data.billing.vatNumber}`);
      }
      doc.text(`Payment method: ${data.method === 'card' ? 'Card' : 'PayPal'}`);
      doc
        .moveDown(1.5)
        .fontSize(12)
        .text('Item', 56, doc.y, { continued: true })
        .text('Amount', { align: 'right' });
      doc
        .moveTo(56, doc.y + 4)
        .lineTo(539, doc.y + 4)
        .stroke();
      doc
        .moveDown(0.8)
        .fontSize(11)
        .text(`${data.description}`, { continued: true })
        .text(formatMoney(data.amountMinor, data.currency), { align: 'right' });
      doc
        .moveDown(1)
        .fontSize(12)
        .text('Total', { continued: true })
        .text(formatMoney(data.amountMinor, data.currency), { align: 'right' });
      doc
        .moveDown(2)
        .fontSize(9)
        .fillColor('#555')
        .text(
          `${data.coins} Liberty Coins were credited to ${data.billing ? "the organisation's" : 'your'} wallet. Liberty Coins are used for promotion campaigns on the platform.`,
        );
    },
  );
}

/**
 * Render and store the PDF of an invoice once (`attachment_link`); safe to run twice.
 * @returns the stored path
 */
export async function ensureInvoicePdf(deps: Deps, invoiceId: number): Promise<string | null> {
  const [row] = await deps.database.db
    .select({ invoice: invoices, user: users, method: payments.method })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  if (row.invoice.attachmentPath) return row.invoice.attachmentPath;
  const pdf = await renderInvoicePdf({
    issuer: (await getSettings(deps.database)).mail_from_name,
    number: row.invoice.number,
    date: row.invoice.createdAt,
    customer: {
      name: row.invoice.billingName ?? `${row.user.firstName} ${row.user.lastName}`,
      email: row.user.email,
    },
    billing:
      row.invoice.billingAddress && row.invoice.billingCountry
        ? {
            address: row.invoice.billingAddress,
            country: row.invoice.billingCountry,
            vatNumber: row.invoice.vatNumber,
          }
        : undefined,
    description: `${row.invoice.coins} Liberty Coins`,
    coins: row.invoice.coins,
    amountMinor: row.invoice.amountMinor,
    currency: row.invoice.currency,
    method: row.method,
  });
  const key = `invoices/${row.invoice.number}-${row.invoice.id}.pdf`;
  try {
    await deps.storage.put(key, pdf, 'application/pdf');
  } catch (err) {
    // Another worker stored it first (local driver refuses to overwrite).
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
  }
  await deps.database.db.update(invoices).set({ attachmentPath: key }).where(eq(invoices.id, invoiceId));
  return key;
}
