import type { OperationDocs } from '../types';
import { AUDITED, EXPORTED, PAGED } from './common';

const OVERVIEW = 'Spec section 2 "User overview" and section 7 "Admin user overview"';

/** Users in the back-office: /users/list, the /users/{userId} overview and its tabs, the user modal and the account actions (issue 7). */
export const usersOperations: OperationDocs = {
  'GET /api/admin/users/export.csv': {
    id: 'admin.users.exportCsv',
    summary: 'Export users as CSV',
    description: `The users the list's \`q\` and filters select, in its order: number, first and last name, e-mail, phone, account type, status code, tier, country, member since. ${EXPORTED} Spec section 2 "/users/list".`,
    errors: [429],
  },
  'GET /api/admin/users': {
    id: 'admin.users.list',
    summary: 'List users',
    description: `Live (not deleted) users, newest first. Filters: \`filter[name]\`, \`filter[email]\` (contains), \`filter[user_type_id]\`, \`filter[status]\` (one or more status keys), \`filter[tier_id]\`, \`filter[country_code]\`, \`filter[date_from]\` and \`filter[date_to]\` (\`YYYY-MM-DD\`, member since, inclusive); \`q\` matches name or e-mail; order by id, name, email, status or created_at. The total is exact up to 10,000 matches (1,000 with a text search), above that the planner's estimate with \`total_estimated: true\`. ${PAGED} Spec section 2 "/users/list".`,
  },
  'POST /api/admin/users': {
    id: 'admin.users.create',
    summary: 'Create a user from the back-office',
    description: `The user modal: \`name\` (at most 200), \`email\` (unique), \`user_type_id\` (1 artist, 2 curator, 3 influencer), \`tier_id\` (required unless artist), \`genre_ids\` (1 to 5), \`image\` (an uploaded jpg, jpeg or png), \`phone_number\`, \`country_code\` and the social links (the same formats as the user's own profile). The account has no password and the status Not Registered until it accepts an invitation; it gets its type's default role. Field errors answer 422, one list per field. Answers 201 with the overview. ${AUDITED} Spec section 5 "User modal" and section 7 "Admin: CRUD for users".`,
    examples: {
      request: {
        name: 'Ava Stone',
        email: 'ava@example.com',
        user_type_id: 1,
        genre_ids: [4, 9],
        country_code: 'GB',
      },
    },
  },
  'GET /api/admin/users/{id}': {
    id: 'admin.users.get',
    summary: "Read a user's overview",
    description: `The "User (admin view)" of spec section 3: profile, type, tier, genres, links, status (label, key, colour), member since, country, oauth type and wallet balance (coins, and their value in pence as the user's own app shows it: an artist's at the coin price, a curator's or influencer's at the payout rate), plus what the overview's actions need. ${OVERVIEW}.`,
  },
  'PUT /api/admin/users/{id}': {
    id: 'admin.users.update',
    summary: 'Update a user from the back-office',
    description: `The same body and rules as creating. Changing the user type swaps the old type's default role for the new one's (other roles are kept). Field errors answer 422. Answers the overview. ${AUDITED} Spec section 5 "User modal".`,
  },
  'GET /api/admin/users/{id}/notes': {
    id: 'admin.users.listNotes',
    summary: 'List staff notes on a user',
    description: `The overview's Notes tab (issue 36 "Lists"): the notes staff wrote about the user, newest first (at most 200), each with its text, time and author. Needs \`users.notes.show\`; no user-facing route answers notes. 404 for an unknown or deleted user.`,
  },
  'POST /api/admin/users/{id}/notes': {
    id: 'admin.users.addNote',
    summary: 'Add a staff note on a user',
    description: `Body \`body\` (trimmed, 1 to 2,000 characters, else 422). Needs \`users.notes.add\`. A note is kept as written (no edit or delete), with its author and time. Answers 201 with the note. ${AUDITED} Issue 36 "Lists".`,
    examples: { request: { body: 'Called about a refund; sent the invoice again.' } },
  },
  'POST /api/admin/users/{id}/approve': {
    id: 'admin.users.approve',
    summary: 'Approve a user pending approval',
    description: `Only while the user is Pending For Approval (409 \`user.not_pending\` otherwise); the row is locked, so of two concurrent decisions exactly one applies. The user is told in-app and by e-mail in their language. ${AUDITED} Spec section 4 "User statuses" and section 7 "Admin user overview".`,
    errors: [409],
    examples: { response: { message: 'User approved' } },
  },
  'POST /api/admin/users/bulk/approve': {
    id: 'admin.users.bulkApprove',
    summary: 'Approve several users pending approval',
    description: `Body \`ids\` (1 to 100 user ids; 422 \`bulk.none\`, \`bulk.too_many\`). Each runs through the single approval (same rules, audit entry, in-app and e-mail notice; each in its own transaction, the row locked), in the order given. Answers per id \`ok\` or the refusal with its key and words (\`user.not_pending\`, \`errors.not_found\`...), and the counts. ${AUDITED} Issue 36 "Lists", spec section 4 "User statuses".`,
    examples: { request: { ids: [41, 42] } },
  },
  'POST /api/admin/users/bulk/decline': {
    id: 'admin.users.bulkDecline',
    summary: 'Decline several users pending approval with one reason',
    description: `Body \`ids\` (1 to 100 user ids; 422 \`bulk.none\`, \`bulk.too_many\`) and an optional \`reason\` (at most 500 characters), sent to each user. Each runs through the single decline (same rules, audit entry, notice), in the order given. Answers per id \`ok\` or the refusal with its key and words (\`user.not_pending\`...), and the counts. ${AUDITED} Issue 36 "Lists".`,
    examples: { request: { ids: [41, 42], reason: 'The Spotify link does not match the artist name' } },
  },
  'POST /api/admin/users/{id}/decline': {
    id: 'admin.users.decline',
    summary: 'Decline a user pending approval',
    description: `Optional body \`reason\` (at most 500 characters), sent to the user. The same rules as approving (409 \`user.not_pending\`). ${AUDITED} Spec section 4 "User statuses".`,
    errors: [409],
    examples: {
      request: { reason: 'The Spotify link does not match the artist name' },
      response: { message: 'User declined' },
    },
  },
  'POST /api/admin/users/{id}/disable': {
    id: 'admin.users.disable',
    summary: 'Disable a user and sign them out everywhere',
    description: `Status disabled, every session revoked at once, an e-mail in the user's language. 409 \`user.already_disabled\`. ${AUDITED} Spec section 4 "Dictionary statuses" (issue 7).`,
    errors: [409],
  },
  'POST /api/admin/users/{id}/enable': {
    id: 'admin.users.enable',
    summary: 'Enable a disabled user',
    description: `Approved again when the account has a password, else Not Registered (to be invited). 409 \`user.not_disabled\`. ${AUDITED} Issue 7 "Users".`,
    errors: [409],
  },
  'POST /api/admin/users/{id}/invite': {
    id: 'admin.users.invite',
    summary: 'Invite a user to set a password',
    description: `For a Not Registered or Invited user (409 \`user.not_invitable\` otherwise): status Invited and an e-mail in the user's language with a single-use link valid 7 days; a new invitation voids the previous link. Setting the password verifies the address and moves the user to Pending For Approval. ${AUDITED} ${OVERVIEW} (Invite button).`,
    errors: [409],
    examples: { response: { message: 'Invitation sent' } },
  },
  'POST /api/admin/users/{id}/reset-password': {
    id: 'admin.users.sendPasswordReset',
    summary: 'E-mail a user a password reset link',
    description: `The same single-use 60-minute link as "forgot password", in the user's language; staff never see the password. 409 \`user.reset_not_allowed\` for a user without a password yet (invite them instead), \`user.already_disabled\` for a disabled user. ${AUDITED} ${OVERVIEW} (Reset Password button).`,
    errors: [409],
  },
  'GET /api/admin/users/{id}/wallet/summary': {
    id: 'admin.users.getWalletSummary',
    summary: "Read a user's wallet totals",
    description: `The balance (coins) and the coins that came in (credits) and went out (debits) over the wallet's whole history, counted in SQL. ${OVERVIEW} (Wallet tab).`,
  },
  'GET /api/admin/users/{id}/connections': {
    id: 'admin.users.listConnections',
    summary: "List a user's Spotify, TikTok and Instagram connections",
    description: `\`{ spotify, tiktok, instagram }\`: the connected Spotify accounts and the TikTok and Instagram accounts of any user type, revoked ones too (staff see the history). ${OVERVIEW} (Connections tab); spec section 3 "Connections".`,
  },
};
