import type { OperationDocs } from '../types';
import { AUDITED, EXPORTED, PAGED } from './common';

const DECISIONS =
  'Needs `payouts.decide` (`INFLUENCER_VIEW_PAYOUT_PROFILE` only lists and reads; docs/decisions.md "Payout decisions: permission, second approver, risk").';
const ROWS =
  'Each row carries `approval` (whether a second approver is needed under the `payout_second_approval_coins` setting, and who gave the first approval) and `risk` (account and bank account age at the request in days, trust flags, where the coins came from, earlier payouts, and a level `low`/`medium`/`high` with its reasons).';

const FILTERS =
  "`filter[status_id]` (1 Pending, 2 Processing, 3 Paid, 4 Declined, 5 Failed), `filter[user_id]`; `q` matches the payee's e-mail and name and the Wise quote and transfer ids.";

/** Payouts of curators and influencers over Wise (spec section 2 "/requests/list", "/payouts/list", "/payouts/{id}", "/transfers/{quote}"). */
export const payoutsOperations: OperationDocs = {
  'GET /api/admin/payouts/requests/export.csv': {
    id: 'admin.payouts.exportRequestsCsv',
    summary: 'Export pending payout requests as CSV',
    description: `The pending requests the list's \`q\` and filters select, newest first: number, date, payee, coins, amount, fee, amount received and currencies (major units), status code, Wise state, quote and transfer. ${EXPORTED} Spec section 2 "/requests/list".`,
    errors: [429],
  },
  'GET /api/admin/payouts/export.csv': {
    id: 'admin.payouts.exportCsv',
    summary: 'Export payouts as CSV',
    description: `Every payout the list's \`q\` and filters select (\`filter[status_id]\`, \`filter[user_id]\`), newest first, with the columns of the requests' export. ${EXPORTED} Spec section 2 "/payouts/list".`,
    errors: [429],
  },
  'GET /api/admin/payouts/requests': {
    id: 'admin.payouts.listRequests',
    summary: 'List payout requests waiting for a decision',
    description: `Payouts in status 1 Pending (unless \`filter[status_id]\` says otherwise) with payee, coins, amount, currency and the Wise quote. ${ROWS} ${FILTERS} ${PAGED} Spec section 2 "/requests/list".`,
  },
  'GET /api/admin/payouts': {
    id: 'admin.payouts.list',
    summary: 'List payouts in every status',
    description: `${ROWS} ${FILTERS} ${PAGED} Spec section 2 "/payouts/list" and section 3 "Payout".`,
  },
  'GET /api/admin/payouts/{id}': {
    id: 'admin.payouts.get',
    summary: 'Read one payout with its payee, recipient, risk context and ledger movements',
    description: `Payee, bank recipient (masked), Wise quote and transfer, status, the hold behind the payout and the ledger movements of that hold and of a declined payout's return. ${ROWS} Spec section 2 "/payouts/{id}".`,
  },
  'POST /api/admin/payouts/{id}/approve': {
    id: 'admin.payouts.approveRequest',
    summary: 'Approve a payout request',
    description: `Only a Pending request whose Wise transfer is created (409 \`payouts.not_pending\`, \`payouts.transfer_not_ready\`): status 2 Processing, and the funding job queued in the same transaction (funding is then tried at once; the reconciler retries it). Above the \`payout_second_approval_coins\` setting (coins; 0: off) the first approval is only recorded (audit \`payouts.first_approved\`, the request stays Pending, message \`payouts.first_approval_recorded\`) and another admin's approval approves it; the first approver approving again gets 409 \`payouts.second_approver_same\`. The row is locked, so approvals arriving together approve and fund once. Answers the payout as it now stands. ${DECISIONS} ${AUDITED} Spec section 2 "/requests/list"; docs/decisions.md "Payouts (Wise)".`,
    errors: [409],
  },
  'POST /api/admin/payouts/{id}/decline': {
    id: 'admin.payouts.declineRequest',
    summary: 'Decline a payout request and return the coins',
    description: `Body \`reason\` (3 to 500 characters), told to the payee. Only a Pending request (409 \`payouts.not_pending\`); its Wise transfer is cancelled (409 \`payouts.cannot_cancel\` when Wise has funded it meanwhile, 502 \`payouts.provider_unavailable\` when Wise cannot be reached) and the held coins go back to the wallet in the same transaction. ${DECISIONS} ${AUDITED} Spec section 2 "/requests/list".`,
    errors: [409, 502],
    examples: { request: { reason: 'The bank account name does not match the account holder' } },
  },
  'POST /api/admin/payouts/bulk/approve': {
    id: 'admin.payouts.bulkApprove',
    summary: 'Approve several payout requests',
    description: `Body \`ids\` (1 to 100 payout ids; 422 \`bulk.none\`, \`bulk.too_many\`). Each runs through the single approval (same rules, audit entries, notifications and second-approver rule; each in its own transaction), in the order given. Answers per id \`ok\` or the refusal with its key and words (\`payouts.not_pending\`, \`payouts.second_approver_same\`, \`errors.not_found\`...), a first approval of two as \`ok\` with \`payouts.first_approval_recorded\`, and the counts. ${DECISIONS} Issue 36 "Lists".`,
  },
  'POST /api/admin/payouts/bulk/decline': {
    id: 'admin.payouts.bulkDecline',
    summary: 'Decline several payout requests with one reason',
    description: `Body \`ids\` (1 to 100 payout ids; 422 \`bulk.none\`, \`bulk.too_many\`) and \`reason\` (3 to 500 characters), told to each payee. Each runs through the single decline (the Wise transfer cancelled, the coins returned, audited, the payee told), in the order given. Answers per id \`ok\` or the refusal with its key and words, and the counts. ${DECISIONS} Issue 36 "Lists".`,
    examples: {
      request: { ids: [41, 42], reason: 'The bank account name does not match the account holder' },
    },
  },
  'GET /api/admin/transfers/{quote}': {
    id: 'admin.payouts.getTransfer',
    summary: 'Read a Wise transfer by its quote',
    description:
      '`{quote}`: the Wise quote id (letters, digits and dashes, at most 64). The quote with its payee, recipient, payout and the transfer\'s live state at Wise; the stored state is shown when Wise cannot be reached. Spec section 2 "/transfers/{quote}".',
  },
  'POST /api/admin/payouts/reconcile': {
    id: 'admin.payouts.reconcile',
    summary: 'Reconcile payouts with Wise now',
    description: `Runs the reconciliation the worker runs every minute: payouts whose Wise transfer was never created get it (same idempotency key), approved payouts not yet funded get funded (after reading the transfer's state at Wise, so never twice), funded payouts with no news for a while are brought up to date. Answers a message with the counts. ${AUDITED} Docs/decisions.md "Payouts (Wise)" (issue 7).`,
  },
};
