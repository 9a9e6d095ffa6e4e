/**
 * Public surface of the wallet module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { adminWalletRoutes } from './admin-wallet.routes';
export { currencyRoutes } from './currency.routes';
export type { CampaignReference } from './descriptions';
export { nextInvoiceNumber } from './invoice-numbers';
export { ensureInvoicePdf, formatMoney } from './invoices.service';
export {
  accountBalance,
  createBudgetAccount,
  credit,
  creditOrganisation,
  DESC,
  debit,
  type EscrowKind,
  type FundingEnd,
  fundingMove,
  hold,
  holdAtCommit,
  InsufficientBalanceError,
  ledgerRefusal,
  lockOrganisationAccounts,
  NEXT_HOLD_ID,
  organisationWalletAccountId,
  postHold,
  voidHold,
  walletBalance,
} from './ledger';
export { type LedgerInvariants, ledgerInvariants } from './ledger.invariants';
export type { PaymentPurpose } from './payment-purposes';
export * as paymentsService from './payments.service';
export {
  cardPaymentOf,
  confirmCard,
  type Purchase,
  quoteTopUp,
  startCheckout,
  topUpPurchase,
} from './payments.service';
export { seedWalletDemo } from './wallet.demo';
export { invoiceJobs } from './wallet.jobs';
export { walletRoutes } from './wallet.routes';
export {
  buyerEmail,
  getInvoice,
  type InvoiceOwner,
  listInvoices,
  listOrganisationTransactions,
} from './wallet.service';
export { walletValue } from './wallet.value';
