import type { OperationDoc, OperationDocs } from '../types';
import { AUDITED, DEV_ONLY } from './common';

const SANDBOX = 'Registered only while the platform is its sandbox provider (the default).';

/** The sandbox TikTok and Instagram posts staff drive in demos and browser tests (issue 12). */
function socialPosts(key: 'tiktok' | 'instagram', name: string, Name: string): Record<string, OperationDoc> {
  const what = key === 'tiktok' ? 'video' : 'reel';
  const tail = `${DEV_ONLY} ${SANDBOX} Issue 12 "TikTok and Instagram campaigns".`;
  return {
    [`POST /api/admin/dev/${key}/posts`]: {
      id: `admin.dev.create${Name}Post`,
      summary: `Post a sandbox ${name} ${what}`,
      description: `Body \`username\` (a sandbox handle), \`music_id\` (the sound used, digits) and \`caption\` (at most 300): a ${what} on the sandbox ${name}, at the product's clock, that the campaign checks then find. Answers 201 with the post. ${AUDITED} ${tail}`,
    },
    [`GET /api/admin/dev/${key}/posts`]: {
      id: `admin.dev.list${Name}Posts`,
      summary: `List a sandbox ${name} account's posts`,
      description: `Query \`username\`: the account's ${what}s on the sandbox ${name} with their sound and views. ${tail}`,
    },
    [`DELETE /api/admin/dev/${key}/posts/{postId}`]: {
      id: `admin.dev.delete${Name}Post`,
      summary: `Delete a sandbox ${name} post`,
      description: `Removes the ${what} (as its creator deleting it would), so the campaign checks see it gone. ${AUDITED} ${tail}`,
    },
    [`POST /api/admin/dev/${key}/posts/{postId}/views`]: {
      id: `admin.dev.add${Name}PostViews`,
      summary: `Add views to a sandbox ${name} post`,
      description: `Body \`views\` (1 to 100,000,000) added to the ${what}'s count. Answers the post. ${AUDITED} ${tail}`,
    },
  };
}

/** Development tools of the back-office (never served in production). */
export const devOperations: OperationDocs = {
  'GET /api/admin/dev/clock': {
    id: 'admin.dev.getClock',
    summary: "Read the product's clock",
    description: `Answers \`now\` (ISO) and \`offset_ms\`, how far the sandbox clock was moved forward. 404 when the clock cannot travel (no path parameter). ${DEV_ONLY} Docs/decisions.md "Express engine (issue 12)": a campaign seen through its 28 days in a demo.`,
    errors: [404],
  },
  'POST /api/admin/dev/clock/advance': {
    id: 'admin.dev.advanceClock',
    summary: "Move the product's clock forward and run what became due",
    description: `Body \`days\` (0 to 365) and \`minutes\` (0 to 100,000). The campaign steps that became due run at once (twice, since a step can make the next one due) and custom campaigns close and complete after their placements moved. Answers \`now\`, \`offset_ms\` and \`advanced\` (steps run). 404 when the clock cannot travel. ${AUDITED} ${DEV_ONLY} Issue 12 "Express engine".`,
    errors: [404],
  },
  'GET /api/admin/dev/mailbox': {
    id: 'admin.dev.listMailbox',
    summary: 'List the mails of the development outbox',
    description: `The outbox mail driver's mails, newest first (to, from, reply-to, subject, text, HTML). 404 unless the outbox driver is active (no path parameter). The outbox holds reset links and codes, hence its own permission. \`page\` and \`limit\` as every list. ${DEV_ONLY} Docs/decisions.md "Development mail without staff (issue 28 item 21)".`,
    errors: [404],
  },
  'POST /api/admin/dev/mailbox/{id}/reply': {
    id: 'admin.dev.replyToMail',
    summary: 'Answer a dev mailbox mail as its recipient would',
    description: `Body \`text\` (at most 5000). Sends a reply to the mail's Reply-To from its To address with the quoted original, signed with the inbound secret and processed by the same function as the provider's inbound webhook (a ticket reply by mail). 422 on \`id\` when the mail has no reply address; 404 when inbound mail is not configured. Answers the outcome (status, ticket and reply ids). ${DEV_ONLY} Issue 14 "Tickets: attachments and inbound mail".`,
  },
  ...socialPosts('tiktok', 'TikTok', 'Tiktok'),
  ...socialPosts('instagram', 'Instagram', 'Instagram'),
};
