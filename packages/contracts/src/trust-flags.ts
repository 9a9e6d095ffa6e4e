import { z } from 'zod';

/**
 * Fake-audience flags as the back-office review queue reads them (docs/decisions.md
 * "Fake-audience detection (session 6)"). Staff only: artists never see a flag.
 */

/** Signals a detector raises: three about playlists, two about influencer accounts. */
export const TRUST_FLAG_SIGNAL_NAMES = [
  'follower_jump',
  'growth_without_effect',
  'lockstep_growth',
  'bought_views',
  'bought_followers',
] as const;
/** Review states of a flag. */
export const TRUST_FLAG_STATUS_NAMES = ['pending', 'confirmed', 'dismissed'] as const;
/** Longest staff note on a review, in characters. */
export const TRUST_FLAG_NOTE_MAX = 1000;

/** One flag of the queue: its subject, owner, signal, the day it shows and the numbers behind it. */
export const trustFlagSchema = z.object({
  id: z.number().int(),
  subject: z.object({
    type: z.enum(['playlist', 'account']),
    id: z.number().int(),
    name: z.string(),
    platform: z.string(),
    url: z.string().nullable(),
  }),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  signal: z.enum(TRUST_FLAG_SIGNAL_NAMES),
  detected_on: z.string(),
  evidence: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.number()), z.array(z.string())])),
  status: z.enum(TRUST_FLAG_STATUS_NAMES),
  staff_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  open_campaigns: z.number().int(),
  created_at: z.string(),
});
export type TrustFlag = z.infer<typeof trustFlagSchema>;

/** A flag with its subject's follower history (one point a day). */
export const trustFlagDetailSchema = trustFlagSchema.extend({
  history: z.array(z.object({ day: z.string(), followers: z.number().int() })),
});
export type TrustFlagDetail = z.infer<typeof trustFlagDetailSchema>;

/** Staff's review: confirm (note optional) or dismiss (note required). */
export const trustFlagReviewSchema = z.object({
  note: z.string().trim().max(TRUST_FLAG_NOTE_MAX, 'validation.too_long').optional(),
});
