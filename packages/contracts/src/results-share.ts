import { z } from 'zod';
import { campaignReportSchema, shareLinkSchema } from './results';

/**
 * Read-only share links of an artist's results (issue "Results"): what the artist's list answers and
 * what the public page `/shared/results/{token}` reads without signing in. The rules are in
 * docs/decisions.md "Results: share links".
 */

export type ShareLink = z.infer<typeof shareLinkSchema>;

/** `GET /api/results/share-links`: the artist's links, newest first. */
export const shareLinkListAnswer = z.object({ data: z.array(shareLinkSchema) });

/** `POST /api/results/share-links` and `.../{id}/revoke`: the link as it is now. */
export const shareLinkAnswer = z.object({ data: shareLinkSchema, message: z.string().optional() });

/**
 * What a share link shows: the artist's display name (nothing else about them), when the link stops
 * working, and either the one campaign's report or the reports of all their campaigns that ran.
 */
export const sharedResultsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('campaign'),
    artist_name: z.string(),
    expires_at: z.string(),
    report: campaignReportSchema,
  }),
  z.object({
    kind: z.literal('summary'),
    artist_name: z.string(),
    expires_at: z.string(),
    reports: z.array(campaignReportSchema),
  }),
]);
export type SharedResults = z.infer<typeof sharedResultsSchema>;

/** `GET /api/public/results/{token}` (no sign-in). */
export const sharedResultsAnswer = z.object({ data: sharedResultsSchema });
