import { z } from 'zod';
import {
  ORGANISATION_KINDS,
  ORGANISATION_ROLES,
  type OrganisationRule,
  ROSTER_STATUSES,
} from './organisations';

/**
 * Request and answer shapes of the organisation routes of the user app (issue 35 "Labels and teams").
 * The API validates requests and serialises answers through these; the apps import their types
 * (`import type`) and the forms their request schemas. Coins are whole numbers; times are ISO 8601.
 *
 * Routes (every one a signed-in user's; the organisation's routes check the member's CASL ability per
 * request and answer 404 `organisations.not_found` to a non-member, 403 `organisations.forbidden` to a
 * member whose role may not):
 * - `GET /api/organisations` my organisations (teams I belong to), with my role, rules and the
 *   artists I may act for ({@link myOrganisationSchema});
 * - `POST /api/organisations` create one ({@link organisationInputSchema}); I become its Owner;
 * - `GET|PUT|DELETE /api/organisations/:id` read, update (profile: Organisation update; billing
 *   details: Billing manage), delete (Owner; refused while its wallet or a budget holds coins);
 * - `POST /api/organisations/:id/logo` multipart `file` (an image, as avatars);
 * - `GET /api/organisations/:id/members`, `PUT|DELETE /api/organisations/:id/members/:memberId`
 *   (role and artists; the last Owner can be neither demoted nor removed; only an Owner makes Owners);
 * - `GET|POST /api/organisations/:id/invites`, `DELETE /api/organisations/:id/invites/:inviteId`
 *   (team invitations: single-use link by e-mail, 7 days);
 * - `GET /api/organisation-invites/:token` (what the link invites to), `POST
 *   /api/organisation-invites/:token/accept` (the signed-in user whose e-mail the invitation names);
 * - `GET /api/organisations/:id/artists` the roster (an artist-limited role sees its artists only);
 *   `POST /api/organisations/:id/artists/managed` a managed profile; `POST
 *   /api/organisations/:id/artists/invite` an existing artist account by e-mail; `DELETE
 *   /api/organisations/:id/artists/:artistUserId` takes an artist off the roster;
 * - artist side: `GET /api/user/organisation` (who acts for me, invitations waiting), `POST
 *   /api/user/organisation/invitations/:id/accept|refuse`, `POST /api/user/organisation/leave`.
 * - acting for an artist: the artist routes of the user app, with the header `X-Acting-For:
 *   <artist user id>` (`ACTING_FOR_HEADER`); the member's role must allow the route's action on that
 *   artist (Artist read for reading routes, Artist manage for the others).
 */

const trimmed = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long');

/** A new organisation, or its profile and billing details changed (PUT sends the same shape). */
export const organisationInputSchema = z.object({
  kind: z.enum(ORGANISATION_KINDS, { error: 'validation.invalid' }),
  name: trimmed(120),
  billing_name: trimmed(190),
  billing_address: trimmed(500),
  billing_country: z.string().regex(/^[A-Z]{2}$/, 'validation.country_invalid'),
  /** Optional; letters and digits after a two-letter country prefix (EU style), spaces removed. */
  vat_number: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^([A-Z]{2}[A-Z0-9]{2,30})?$/, 'organisations.vat_invalid'))
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type OrganisationInput = z.infer<typeof organisationInputSchema>;

/** An organisation as its members read it (billing details only for roles reading Billing). */
export const organisationSchema = z.object({
  id: z.number(),
  kind: z.enum(ORGANISATION_KINDS),
  name: z.string(),
  logo_url: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  billing_name: z.string().nullable(),
  billing_address: z.string().nullable(),
  billing_country: z.string().nullable(),
  vat_number: z.string().nullable(),
  created_at: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** An artist a member may act for (the switcher's entries). */
export const rosterArtistBriefSchema = z.object({
  user_id: z.number(),
  artist_name: z.string(),
  avatar_url: z.string().nullable(),
  managed: z.boolean(),
});
export type RosterArtistBrief = z.infer<typeof rosterArtistBriefSchema>;

/** One organisation of `GET /api/organisations`: my role there and what it lets me do. */
export const myOrganisationSchema = z.object({
  id: z.number(),
  kind: z.enum(ORGANISATION_KINDS),
  name: z.string(),
  logo_url: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  member_id: z.number(),
  role: z.enum(ORGANISATION_ROLES),
  /** null: every artist of the roster; otherwise the artists the role is limited to. */
  artist_user_ids: z.array(z.number()).nullable(),
  /** CASL rules of my role (`organisationRules`), for the app to show only what I may use. */
  rules: z.array(z.custom<OrganisationRule>()),
  /** The active artists of the roster I may act for. */
  artists: z.array(rosterArtistBriefSchema),
});
export type MyOrganisation = z.infer<typeof myOrganisationSchema>;

/** A team member. */
export const organisationMemberSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  artist_user_ids: z.array(z.number()).nullable(),
  joined_at: z.string(),
});
export type OrganisationMember = z.infer<typeof organisationMemberSchema>;

/** A member's role and artists changed (`artist_user_ids` null: the whole roster). */
export const memberRoleInputSchema = z.object({
  role: z.enum(ORGANISATION_ROLES, { error: 'validation.invalid' }),
  artist_user_ids: z
    .array(z.number().int().positive())
    .max(500)
    .refine((s) => new Set(s).size === s.length, 'validation.invalid')
    .nullable(),
});
export type MemberRoleInput = z.infer<typeof memberRoleInputSchema>;

/** A team invitation to send. */
export const teamInviteInputSchema = memberRoleInputSchema.extend({
  email: z.string().trim().toLowerCase().email('validation.email_invalid').max(190, 'validation.too_long'),
});
export type TeamInviteInput = z.infer<typeof teamInviteInputSchema>;

/** A team invitation as the team lists it (never its token). */
export const teamInviteSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  artist_user_ids: z.array(z.number()).nullable(),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

/** What an invitation link invites to (`GET /api/organisation-invites/:token`). */
export const teamInvitePreviewSchema = z.object({
  organisation_name: z.string(),
  organisation_logo_url: z.string().nullable(),
  role: z.enum(ORGANISATION_ROLES),
  email: z.string(),
  expires_at: z.string(),
});
export type TeamInvitePreview = z.infer<typeof teamInvitePreviewSchema>;

/** An artist of the roster. */
export const rosterArtistSchema = z.object({
  id: z.number(),
  artist_user_id: z.number(),
  artist_name: z.string(),
  avatar_url: z.string().nullable(),
  country_code: z.string().nullable(),
  status: z.enum(ROSTER_STATUSES),
  managed: z.boolean(),
  invited_at: z.string(),
  joined_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type RosterArtist = z.infer<typeof rosterArtistSchema>;

/** A managed artist profile to create (no login of its own). */
export const managedArtistInputSchema = z.object({
  artist_name: trimmed(100),
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/, 'validation.country_invalid')
    .nullable()
    .optional(),
  spotify_link: z.string().trim().url('validation.url_invalid').max(500).nullable().optional(),
  genre_ids: z.array(z.number().int().positive()).max(3, 'validation.too_many').optional(),
});
export type ManagedArtistInput = z.infer<typeof managedArtistInputSchema>;

/** An existing artist account invited to the roster, by its e-mail. */
export const rosterInviteInputSchema = z.object({
  email: z.string().trim().toLowerCase().email('validation.email_invalid').max(190, 'validation.too_long'),
});
export type RosterInviteInput = z.infer<typeof rosterInviteInputSchema>;

/** The artist's side: who acts for me, and invitations to answer (`GET /api/user/organisation`). */
export const myRosterSchema = z.object({
  current: z
    .object({
      organisation_id: z.number(),
      name: z.string(),
      kind: z.enum(ORGANISATION_KINDS),
      logo_url: z.string().nullable(),
      joined_at: z.string(),
    })
    .nullable(),
  invitations: z.array(
    z.object({
      id: z.number(),
      organisation_id: z.number(),
      name: z.string(),
      kind: z.enum(ORGANISATION_KINDS),
      logo_url: z.string().nullable(),
      invited_at: z.string(),
    }),
  ),
});
export type MyRoster = z.infer<typeof myRosterSchema>;
