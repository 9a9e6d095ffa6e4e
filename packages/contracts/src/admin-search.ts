import { z } from 'zod';

/**
 * The back-office's global search (issue 36 "Lists"): one query over the records staff open most,
 * each kind searched only when the staff member holds the permission of its record page.
 */

/** The kinds of record the search finds, in the order the answer groups them. */
export const ADMIN_SEARCH_KINDS = ['users', 'campaigns', 'tickets', 'payouts', 'transactions'] as const;
export type AdminSearchKind = (typeof ADMIN_SEARCH_KINDS)[number];

/** At most this many records of each kind are answered (each query is bounded by it). */
export const ADMIN_SEARCH_LIMIT_PER_KIND = 5;

/** Shortest text searched (a number, such as a ticket's, may be shorter: "7" or "#7"). */
export const ADMIN_SEARCH_MIN_TEXT = 2;

/** `?q=`: trimmed, 1 to 100 characters; text of at least 2 characters unless it is a number. */
export const adminSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .refine((q) => q.length >= ADMIN_SEARCH_MIN_TEXT || /^#?\d+$/.test(q), {
      message: 'validation.search_short',
    }),
});

/** Where a campaign found lives: an express platform's campaign or a custom campaign. */
export const adminSearchCampaignKinds = ['spotify', 'tiktok', 'instagram', 'custom'] as const;

/** One record found. */
export const adminSearchItemSchema = z.object({
  /** The id its record page takes (a transaction: the wallet entry's id). */
  id: z.number(),
  /** What the record is called: a person's name, a track, a ticket's subject, a number. */
  title: z.string(),
  /** A second line: e-mail, the artist, the ticket's requester, the payee. */
  subtitle: z.string().nullable(),
  /** The number staff read on the record (`#12`, `TX...`), or null for a person. */
  number: z.string().nullable(),
  /** Campaigns: which kind of campaign (chooses the record page); null for other kinds. */
  campaign_kind: z.enum(adminSearchCampaignKinds).nullable(),
});
export type AdminSearchItem = z.infer<typeof adminSearchItemSchema>;

/** The answer: the kinds searched (those the caller may view) and the records found, grouped. */
export const adminSearchAnswer = z.object({
  data: z.object({
    q: z.string(),
    kinds: z.array(z.enum(ADMIN_SEARCH_KINDS)),
    groups: z.array(z.object({ kind: z.enum(ADMIN_SEARCH_KINDS), items: z.array(adminSearchItemSchema) })),
  }),
});
export type AdminSearchAnswer = z.infer<typeof adminSearchAnswer>['data'];
