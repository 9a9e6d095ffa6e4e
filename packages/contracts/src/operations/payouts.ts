import type { OperationDocs } from './types';

const P =
  'Spec section 7, "Payments" (wise and curator payout calls). Money out: curators and influencers only (artists answer 403); never reachable with an API key.';

/** Withdrawals of curators and influencers through Wise (tag `payouts`). */
export const payoutsOperations: OperationDocs = {
  'GET /api/payments/outgoing/types/search': {
    id: 'payouts.listAccountTypes',
    summary: 'Bank account types and fields for a currency',
    description: `The account types Wise accepts for \`currency\` (and \`country\`), each with the fields a recipient form needs and their formats. An unsupported currency answers 422. ${P}`,
  },
  'GET /api/payments/transfer/info': {
    id: 'payouts.listRecipients',
    summary: "List one's payout recipients",
    description: `The signed-in payee's saved bank accounts (masked). ${P}`,
  },
  'POST /api/payments/transfer/info/store': {
    id: 'payouts.createRecipient',
    summary: 'Save a payout recipient (bank account)',
    description: `Checks the account's fields against Wise's requirements for its currency and type, creates the Wise recipient and saves it; a field refused answers 422 on that field. Audited. ${P}`,
    errors: [502],
  },
  'DELETE /api/payments/wise/user/info/delete/{id}': {
    id: 'payouts.deleteRecipient',
    summary: 'Delete a payout recipient',
    description: `Removes one of one's recipients; one used by an open payout answers 409. Audited. ${P}`,
    errors: [409],
  },
  'GET /api/payments/wise/unpaid/payouts/check': {
    id: 'payouts.getOpenPayout',
    summary: 'Whether a payout request is still open',
    description: `\`has_unpaid\` and the open payout when one is pending or in transfer: only one may be open at a time. ${P}`,
  },
  'GET /api/payments/wise/create/quote/payouts': {
    id: 'payouts.createQuote',
    summary: 'Quote a withdrawal of coins to a recipient',
    description: `A Wise quote for withdrawing \`coins\` (at least the minimum withdrawal, at most the withdrawable balance) to \`recipient_id\`: rate, fee and amount received, valid 30 minutes. An unknown recipient or an amount out of range answers 422; an open payout request 409. ${P}`,
    errors: [409, 502],
  },
  'GET /api/payments/wise/user/transfer/view/{id}': {
    id: 'payouts.getQuote',
    summary: 'Read a payout quote',
    description: `Quote \`id\` (Wise's quote id) of the signed-in payee with its recipient and, once requested, its payout; someone else's answers 404. ${P}`,
  },
  'POST /api/payments/send/verification/code': {
    id: 'payouts.sendCode',
    summary: 'E-mail the code confirming a withdrawal',
    description: `E-mails a 6-digit code for quote \`quote_id\` (10 minutes, 5 tries; a new code voids the previous one). Too many codes for one quote answer 429; a used quote 409; an expired one 422. ${P}`,
    errors: [409],
  },
  'POST /api/payments/verify/code': {
    id: 'payouts.verifyCode',
    summary: 'Confirm a withdrawal with its e-mailed code',
    description: `Marks quote \`quote_id\` verified when \`code\` matches; a wrong or expired code answers 422. ${P}`,
    errors: [409],
  },
  'POST /api/payments/wise/create/transfer': {
    id: 'payouts.requestPayout',
    summary: 'Request the payout of a verified quote',
    description: `Holds the quote's coins (transaction description 4) and creates the payout (status 1) in one transaction, then the Wise transfer (the payout's id is Wise's idempotency key); staff then approve and fund it. Needs the verified code (422), an unexpired quote (422) and a balance (422 "No available balance"); fewer coins than quoted or another open request answers 409. Repeating the call for the same quote answers the same payout (200 instead of 201). ${P}`,
    errors: [409],
  },
  'GET /api/curator/payouts': {
    id: 'payouts.listPayouts',
    summary: "List one's payouts",
    description: `The signed-in payee's payouts, newest first, paged and filtered by status and date. ${P}`,
  },
  'GET /api/curator/payouts/last/month/stats': {
    id: 'payouts.getLastMonthStats',
    summary: "One's payouts per day over the last month",
    description: `Per day of the last 30 days, the coins and amounts paid out. ${P}`,
  },
  'GET /api/curator/payouts/{id}': {
    id: 'payouts.getPayout',
    summary: "Read one of one's payouts",
    description: `One payout with its Wise references, amount and status; someone else's answers 404. ${P}`,
  },
  'GET /api/curator/sum/payouts': {
    id: 'payouts.getSums',
    summary: "Totals of one's payouts by state",
    description: `Coins and amounts paid, pending and declined. ${P}`,
  },
  'GET /api/curator/withdrawable': {
    id: 'payouts.getWithdrawable',
    summary: 'What one may withdraw now',
    description: `The coins withdrawable now (earned and no longer held), the minimum withdrawal and the payout rate. ${P}`,
  },
  'POST /api/curator/payout/{id}': {
    id: 'payouts.makeReceipt',
    summary: "Make a payout's receipt PDF",
    description: `Renders the payout's receipt once and answers the payout with its \`attachment_link\`; someone else's answers 404. ${P}`,
  },
  'POST /api/payments/wise/webhook': {
    id: 'webhooks.receiveWise',
    summary: 'Transfer state changes from Wise',
    description:
      'Wise\'s `transfers#state-change` events. **Authenticated by the `X-Signature-SHA256` header** (RSA-SHA256 of the raw body with Wise\'s public key), not by a token: a bad signature or body answers 400. A replayed event (same transfer, state and time) has no effect; a bounced transfer returns the coins. Outside the rate limit. Spec section 7, "Payments".',
    errors: [400],
  },
};
