export {
  assertPayee,
  type Deps,
  MAX_CODES_PER_QUOTE,
  type Payout,
  QUOTE_TTL_MINUTES,
  SANDBOX_STEP_SECONDS,
} from './payouts.context';
export { payoutJobs } from './payouts.jobs';
export {
  createQuote,
  createWiseTransfer,
  openPayout,
  quoteDetails,
  quoteView,
  requestPayout,
  sendCode,
  verifyCode,
} from './payouts.quotes';
export {
  accountTypes,
  deleteRecipient,
  listRecipients,
  recipientView,
  storeRecipient,
  withdrawable,
} from './payouts.recipients';
export { reconcilePayouts } from './payouts.reconcile';
export {
  type ApprovalOutcome,
  applyStateChange,
  approvePayout,
  declinePayout,
  fundPayout,
  processWiseDelivery,
  sandboxAdvance,
} from './payouts.transfer';
export { holdOf, lastMonthStats, ownPayout, payoutSums, payoutView } from './payouts.views';
