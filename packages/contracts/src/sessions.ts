import { z } from 'zod';

/**
 * Shapes of the user's signed-in devices (`user/sessions`) and of a Google sign-in that still needs
 * the sign-up form. The API serialises its answers through
 * these, so a field missing here is missing on the wire; the apps import their types only
 * (`import type`). They live apart from `auth.ts` (the sign-in forms' rules, which the login screen
 * loads at run time) so that the login bundle does not carry them.
 *
 * Times are ISO 8601 strings.
 */

/** An active session (signed-in device) of the user; `current` marks the one making the request. */
export const userSessionSchema = z.object({
  id: z.number(),
  device: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/**
 * A Google sign-in whose account does not exist yet: the sign-up form opens with the name and e-mail
 * Google gave, and `oauth_token` proves them when the form is sent.
 */
export const oauthCompletionSchema = z.object({
  needs_completion: z.literal(true),
  oauth_token: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type OauthCompletion = z.infer<typeof oauthCompletionSchema>;
