import { z } from 'zod';
import { API_KEY_LIMITS, API_KEY_STATUSES, API_SCOPES } from './api-keys';

/**
 * Request and answer shapes of the API keys routes (issue 34 "API keys"): `/api/user/api-keys` for
 * artists, curators and creators, `/api/admin/api-keys` for staff. The API serialises its answers
 * through these; the apps import their types (`import type`) and the create forms their request
 * schemas. Times are ISO 8601 strings.
 */

/** One key as its owner lists it: never its secret (only its SHA-256 is stored). */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** `lm_live_AbCd1234`: the visible part of the key, enough to recognise it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** A staff key's back-office permissions (always empty for a user's key). */
  permissions: z.array(z.string()),
  status: z.enum(API_KEY_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the key and, this once, its whole secret value. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const expiryDays = z.literal(API_KEY_LIMITS.expiryDays, { error: 'validation.invalid' });

/** A user's new key: a name, one or more scopes (each once), a lifetime of `API_KEY_LIMITS.expiryDays`. */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(API_KEY_LIMITS.nameMax, 'validation.too_long'),
  scopes: z
    .array(z.enum(API_SCOPES, { error: 'validation.invalid' }))
    .min(1, 'api_keys.scopes_required')
    .refine((s) => new Set(s).size === s.length, 'validation.invalid'),
  expires_in_days: expiryDays,
});
export type CreateApiKeyBody = z.infer<typeof createApiKeySchema>;

/**
 * A staff member's new key: as a user's, plus the back-office permissions it carries (each one the
 * staff member holds; the API refuses any other with `api_keys.permission_not_held`).
 */
export const createStaffApiKeySchema = createApiKeySchema.extend({
  permissions: z
    .array(z.string().min(1).max(100))
    .max(API_KEY_LIMITS.permissionsMax)
    .refine((s) => new Set(s).size === s.length, 'validation.invalid'),
});
export type CreateStaffApiKeyBody = z.infer<typeof createStaffApiKeySchema>;
