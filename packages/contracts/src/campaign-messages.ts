import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * The conversation of one express campaign (every platform, custom campaigns' placements included)
 * between its artist and its seller (curator or creator): `GET|POST /api/express/campaigns/{id}/messages`,
 * `POST .../messages/read`, and staff's read-only `GET /api/admin/express-campaigns/{id}/messages`.
 * Plain text; contact details are masked before storing (`contact-mask.ts`, the token `[contact removed]`
 * the apps show translated).
 */

/** A message as typed: trimmed, not empty, at most `LIMITS.campaignMessages.bodyMax` characters. */
export const campaignMessageBodySchema = z.object({
  body: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(LIMITS.campaignMessages.bodyMax, 'express.messages.too_long'),
});
export type CampaignMessageBody = z.infer<typeof campaignMessageBodySchema>;

/** `GET .../messages`: a page of the thread, the newest page first (`before`: older than this id). */
export const campaignMessagesQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.campaignMessages.pageSize).optional(),
});

/** Who wrote a message: the campaign's artist or its seller (curator, creator). */
export const campaignMessageSideSchema = z.enum(['artist', 'seller']);

/** One message as stored (contact details already masked). */
export const campaignMessageSchema = z.object({
  id: z.number().int(),
  side: campaignMessageSideSchema,
  sender: z.object({ id: z.number().int(), name: z.string() }),
  body: z.string(),
  created_at: z.string(),
});

/**
 * A page of the thread, oldest first within the page; `has_more`: older messages exist (ask again with
 * `before` = the first id). For a participant: `unread` (the other side's messages after the reader's
 * read marker) and `last_read_id` (the reader's marker); the other side's marker lets the page show
 * what was read. Staff get neither marker of their own (0).
 */
export const campaignMessagesSchema = z.object({
  campaign_id: z.number().int(),
  /** The reader's side in the conversation; null for staff. */
  side: campaignMessageSideSchema.nullable(),
  messages: z.array(campaignMessageSchema),
  has_more: z.boolean(),
  unread: z.number().int(),
  last_read_id: z.number().int(),
  other_last_read_id: z.number().int(),
  /** Whether the reader may write (a participant, the campaign not ended too long ago). */
  can_write: z.boolean(),
});

/** `POST .../messages/read`: the reader has read every message up to this id. */
export const campaignMessagesReadSchema = z.object({
  up_to_id: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(0, 'validation.invalid'),
});

/** The answer of `POST .../messages/read`: what is left unread. */
export const campaignMessagesReadAnswerSchema = z.object({
  last_read_id: z.number().int(),
  unread: z.number().int(),
});

export type CampaignMessage = z.infer<typeof campaignMessageSchema>;
export type CampaignMessages = z.infer<typeof campaignMessagesSchema>;
export type CampaignMessagesReadAnswer = z.infer<typeof campaignMessagesReadAnswerSchema>;
