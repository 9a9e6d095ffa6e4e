import type { OperationDocs } from '../types';
import { AUDITED, DEV_ONLY, PAGED } from './common';

const TRUST =
  'Docs/decisions.md "Fake-audience detection (session 6)" and "Confirming a flag confirms the subject\'s other open flags (session 9)"; issue 12 (spec section 1: the marketplace sells real audiences).';

/** The fake-audience review queue and the feedback ratings of sellers. */
export const trustOperations: OperationDocs = {
  'GET /api/admin/trust/flags': {
    id: 'admin.trust.listFlags',
    summary: 'List fake-audience flags in one review state',
    description: `\`filter[status]\` \`pending\` (default), \`confirmed\` or \`dismissed\` (another value answers 422 on \`filter.status\`); newest first, each with its subject (playlist or creator account), owner, signal, day, numbers and how many open campaigns a confirmation would refund. ${PAGED} ${TRUST}`,
  },
  'GET /api/admin/trust/feedback': {
    id: 'admin.trust.listLowRatedSellers',
    summary: 'List sellers whose decline feedback artists rate low',
    description: `Sellers with at least \`filter[min_ratings]\` ratings (1 to 1000) and a mean of at most \`filter[max_average]\` stars (1 to 5, default 3), with the share rated helpful and the last rating's time; lowest mean first, then most ratings. A bad value answers 422 on \`filter.<name>\`. ${PAGED} Issue 30 "Say why: written feedback and its rating".`,
  },
  'GET /api/admin/trust/flags/{id}': {
    id: 'admin.trust.getFlag',
    summary: 'Read a fake-audience flag with its history',
    description: `The flag with its explanation, review history and the subject's follower history (playlists: the daily snapshots of the baseline window). ${TRUST}`,
  },
  'POST /api/admin/trust/flags/{id}/confirm': {
    id: 'admin.trust.confirmFlag',
    summary: 'Confirm a fake-audience flag: hide the subject and refund its campaigns',
    description: `Optional body \`note\` (at most 1000). Pending → confirmed in one transaction with the flag locked; from its commit the subject is hidden from artists and cannot be bought, then every open campaign on it is refunded through the engine's force-end (what a crash leaves open is refunded by the next detection run). The subject's other pending flags are confirmed with it. Answers the flag, the refunded count and the flags confirmed with it. 409 \`trust.flag_not_pending\` when already reviewed. ${AUDITED} ${TRUST}`,
    errors: [409],
  },
  'POST /api/admin/trust/flags/{id}/dismiss': {
    id: 'admin.trust.dismissFlag',
    summary: 'Dismiss a fake-audience flag with a note',
    description: `Body \`note\` (required, at most 1000). Pending → dismissed; the subject stays listed. 409 \`trust.flag_not_pending\` when already reviewed. ${AUDITED} ${TRUST}`,
    errors: [409],
    examples: { request: { note: 'Follower jump explained by an editorial feature' } },
  },
  'POST /api/admin/dev/trust/run': {
    id: 'admin.trust.runDetectionNow',
    summary: 'Run the daily fake-audience jobs now',
    description: `Takes today's follower snapshots of playlists and creator accounts, then runs the detectors, so a demo or a browser test sees the review queue without waiting for the night; answers the counts. ${AUDITED} ${DEV_ONLY} ${TRUST}`,
  },
};
