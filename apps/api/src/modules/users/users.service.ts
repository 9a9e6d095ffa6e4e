import {
  type AdminUserBody,
  LANGUAGES,
  type Language,
  LIMITS,
  statusColor,
  USER_IMAGE_MIME,
  USER_STATUS_LABELS,
  type UserStatus,
} from '@lm/contracts';
import { and, asc, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import {
  countries,
  genres,
  ledgerAccounts,
  ledgerEntries,
  roles,
  tiers,
  userGenres,
  userRoles,
  users,
  userTypes,
} from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { AppDeps } from '../../platform/app';
import { type ExportColumn, isoInstant } from '../../platform/csv-export';
import { ConflictError, type FieldErrors, NotFoundError, ValidationError } from '../../platform/errors';
import { type ListQuery, paginate, parseOrder } from '../../platform/http';
import { dateRangeFilter, filterOne, filterValues } from '../../platform/list-filters';
import { COUNT_EXACT_UP_TO, countOrEstimate, TEXT_SEARCH_COUNT_EXACT_UP_TO } from '../../platform/list-total';
import { issueResetLink, revokeAllUserTokens } from '../accounts';
import { audit, auditChanges } from '../audit';
import { isUploadKey, uploadedImageProblem } from '../files';
import { notify } from '../notifications';
import { assignDefaultRoles } from '../rbac';
import { walletValue } from '../wallet';

type Deps = Pick<AppDeps, 'config' | 'database' | 'mail' | 'clock' | 'storage'>;
type UserRow = typeof users.$inferSelect;

/** Who did a back-office action, for the audit log. */
export interface StaffMeta {
  adminId: number;
  ip: string;
  userAgent: string | null;
}

/** How long an invitation link stays valid (a reset link stays 60 minutes, LIMITS.resetTokenTtlMinutes). */
export const INVITE_TTL_DAYS = 7;

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
const userLang = (u: UserRow): Language =>
  (LANGUAGES as readonly string[]).includes(u.language) ? (u.language as Language) : 'en';
const staffActor = (m: StaffMeta) => ({
  type: 'admin' as const,
  id: m.adminId,
  ip: m.ip,
  userAgent: m.userAgent,
});

/**
 * Label and colour of a user status (USER_STATUS_LABELS; the colour is the Mantine colour of its
 * semantic kind); unknown values are shown as they are, in grey.
 */
export function statusView(status: string) {
  const entry = USER_STATUS_LABELS[status as UserStatus];
  return { key: status, label: entry?.label ?? status, color: statusColor(entry?.kind ?? 'neutral') };
}

/** Split a display name into first name (first word) and last name (the rest, may be empty). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const clean = name.trim().replace(/\s+/g, ' ');
  const space = clean.indexOf(' ');
  return space < 0
    ? { firstName: clean.slice(0, 100), lastName: '' }
    : { firstName: clean.slice(0, space).slice(0, 100), lastName: clean.slice(space + 1).slice(0, 100) };
}

/**
 * Users list of /users/list (admin), newest first. Filters (`filter[...]`): name
 * (contains), email (contains), user_type_id, status (one or more status keys), tier_id, country_code,
 * date_from / date_to (YYYY-MM-DD on the member-since date, inclusive); `q` matches name or email.
 * Deleted accounts are left out. Order: id, name, email, status, created_at. `pagination.total` is
 * exact up to 10,000 matches, or 1,000 with a name, e-mail or `q` search; above, the planner's estimate
 * with `total_estimated: true` (`countOrEstimate`).
 */
export async function listUsers(database: Database, query: ListQuery, storageUrl: (k: string) => string) {
  const { where, sort, textSearch } = userListWhere(query);
  // The page's ids first (an index walk, no joins), then only those rows with their lookups; the total
  // is exact up to COUNT_EXACT_UP_TO matches (TEXT_SEARCH_COUNT_EXACT_UP_TO when a name, e-mail or `q`
  // search is on: each trigram match is rechecked on its heap page), an estimate above.
  const [ids, count] = await Promise.all([
    database.db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(sort, desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countOrEstimate(
      database,
      sql`from ${users} where ${where ?? sql`true`}`,
      textSearch ? TEXT_SEARCH_COUNT_EXACT_UP_TO : COUNT_EXACT_UP_TO,
    ),
  ]);
  const rows =
    ids.length === 0
      ? []
      : await database.db
          .select({
            u: users,
            typeName: userTypes.name,
            tierName: tiers.name,
            countryName: countries.name,
          })
          .from(users)
          .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
          .leftJoin(tiers, eq(tiers.id, users.tierId))
          .leftJoin(countries, eq(countries.code, users.countryCode))
          .where(
            inArray(
              users.id,
              ids.map((r) => r.id),
            ),
          )
          .orderBy(sort, desc(users.id));
  return {
    data: rows.map((r) => ({
      id: r.u.id,
      name: `${r.u.firstName} ${r.u.lastName}`.trim(),
      email: r.u.email,
      image: imageUrl(r.u.avatar, storageUrl),
      phone_number: r.u.phoneNumber,
      user_type_id: r.u.userTypeId,
      user_type: { id: r.u.userTypeId, name: r.typeName ?? String(r.u.userTypeId) },
      tier: r.u.tierId ? { id: r.u.tierId, name: r.tierName ?? '' } : null,
      status: statusView(r.u.status).label,
      status_key: r.u.status,
      country: r.u.countryCode ? { code: r.u.countryCode, name: r.countryName ?? r.u.countryCode } : null,
      member_since: r.u.createdAt.toISOString(),
    })),
    pagination: paginate(count.total, query.page, query.limit, count.estimated),
  };
}

/** The users list's condition and sort of a list query (`listUsers`, `userExportQuery`). */
function userListWhere(query: Pick<ListQuery, 'filter' | 'q' | 'order'>) {
  const f = query.filter;
  const parts: (SQL | undefined)[] = [sql`${users.deletedAt} is null`];
  const name = filterOne(f, 'name');
  if (name) parts.push(ilike(fullName, containsPattern(name)));
  const email = filterOne(f, 'email');
  if (email) parts.push(ilike(users.email, containsPattern(email)));
  const types = filterValues(f, 'user_type_id', (v) => v === '1' || v === '2' || v === '3').map(Number);
  if (types.length > 0) parts.push(inArray(users.userTypeId, types));
  const statuses = filterValues(f, 'status', (v) => v in USER_STATUS_LABELS);
  if (statuses.length > 0) parts.push(inArray(users.status, statuses));
  const [tier, ...moreTiers] = filterValues(f, 'tier_id', (v) => /^[1-9]\d{0,8}$/.test(v));
  if (moreTiers.length > 0) throw new ValidationError({ 'filter[tier_id]': ['validation.invalid'] });
  if (tier) parts.push(eq(users.tierId, Number(tier)));
  const [country, ...moreCountries] = filterValues(
    f,
    'country_code',
    (v) => /^[A-Za-z]{2}$/.test(v),
    'validation.country_invalid',
  );
  if (moreCountries.length > 0)
    throw new ValidationError({ 'filter[country_code]': ['validation.country_invalid'] });
  if (country) parts.push(eq(users.countryCode, country.toUpperCase()));
  parts.push(...dateRangeFilter(f, users.createdAt));
  if (query.q)
    parts.push(
      sql`(${ilike(fullName, containsPattern(query.q))} or ${ilike(users.email, containsPattern(query.q))})`,
    );
  const where = and(...parts);
  const order = parseOrder(query.order, ['id', 'name', 'email', 'status', 'created_at'] as const, {
    column: 'id',
    dir: 'desc',
  });
  const column = {
    id: users.id,
    name: fullName,
    email: users.email,
    status: users.status,
    created_at: users.createdAt,
  }[order.column];
  const sort = order.dir === 'asc' ? asc(column) : desc(column);
  return { where, sort, textSearch: Boolean(name || email || query.q) };
}

/** One user as a row of the users list's CSV export. */
export interface UserExportRow extends Record<string, unknown> {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  user_type_id: number;
  user_type: string | null;
  status: string;
  tier: string | null;
  country_code: string | null;
  created_at: Date;
}

/** Columns of the users list's CSV export, headers from `exports.users.*`. */
export const USER_EXPORT_COLUMNS = [
  { key: 'id', header: 'exports.users.id' },
  { key: 'first_name', header: 'exports.users.first_name' },
  { key: 'last_name', header: 'exports.users.last_name' },
  { key: 'email', header: 'exports.users.email' },
  { key: 'phone_number', header: 'exports.users.phone_number' },
  { key: 'user_type', header: 'exports.users.user_type' },
  { key: 'status', header: 'exports.users.status' },
  { key: 'tier', header: 'exports.users.tier' },
  { key: 'country_code', header: 'exports.users.country_code' },
  { key: 'created_at', header: 'exports.users.created_at', format: isoInstant },
] as const satisfies readonly ExportColumn<UserExportRow>[];

/**
 * The query of the users list's CSV export (`GET /api/admin/users/export.csv`, issue 36): every user
 * the list's `q` and filters select, in the list's order, with type, tier and country.
 */
export function userExportQuery(query: Pick<ListQuery, 'filter' | 'q' | 'order'>): SQL {
  const { where, sort } = userListWhere(query);
  return sql`select ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name,
      ${users.email} as email, ${users.phoneNumber} as phone_number, ${users.userTypeId} as user_type_id,
      ${userTypes.name} as user_type, ${users.status} as status, ${tiers.name} as tier,
      ${users.countryCode} as country_code, ${users.createdAt} as created_at
    from ${users}
    left join ${userTypes} on ${userTypes.id} = ${users.userTypeId}
    left join ${tiers} on ${tiers.id} = ${users.tierId}
    where ${where ?? sql`true`}
    order by ${sort}, ${users.id} desc`;
}

/** Avatar URL: storage keys are served from storage; anything else (a link) gives null. */
function imageUrl(avatar: string | null, storageUrl: (k: string) => string): string | null {
  // Only our stored files are shown: a link saved before avatars had to be uploads is never loaded by
  // staff browsers.
  return avatar && isUploadKey(avatar) ? storageUrl(avatar) : null;
}

/**
 * The "User (admin view)" of spec section 3 for the /users/{userId} overview: profile, type, tier,
 * genres, links, status (label, key, colour), member since, country, oauth type, wallet balance (coins
 * and their value in pence from `walletValue`, the same figure the user's own app shows: an artist's
 * at the coin price, a curator's or influencer's at the payout rate), plus what the overview's actions need.
 * @throws NotFoundError when there is no such (non-deleted) user
 */
export async function userOverview(deps: Deps, userId: number) {
  const [row] = await deps.database.db
    .select({ u: users, typeName: userTypes.name, tierName: tiers.name, countryName: countries.name })
    .from(users)
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(tiers, eq(tiers.id, users.tierId))
    .leftJoin(countries, eq(countries.code, users.countryCode))
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  if (!row) throw new NotFoundError();
  const u = row.u;
  const [genreRows, wallet] = await Promise.all([
    deps.database.db
      .select({ id: genres.id, name: genres.name })
      .from(userGenres)
      .innerJoin(genres, eq(genres.id, userGenres.genreId))
      .where(eq(userGenres.userId, userId))
      .orderBy(asc(genres.name)),
    walletValue(deps.database, userId),
  ]);
  const status = statusView(u.status);
  const storageUrl = (k: string) => deps.storage.url(k);
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim(),
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    phone_number: u.phoneNumber,
    image: imageUrl(u.avatar, storageUrl),
    image_key: u.avatar && isUploadKey(u.avatar) ? u.avatar : null,
    user_type_id: u.userTypeId,
    user_type: { id: u.userTypeId, name: row.typeName ?? String(u.userTypeId) },
    tier_id: u.tierId,
    tier: u.tierId ? { id: u.tierId, name: row.tierName ?? '' } : null,
    genres: genreRows,
    genre_ids: genreRows.map((g) => g.id),
    spotify_link: u.spotifyLink,
    instagram_link: u.instagramLink,
    facebook_link: u.facebookLink,
    tiktok_link: u.tiktokLink,
    twitter_link: u.twitterLink,
    artist_name: u.artistName,
    bio: u.bio,
    status: status.label,
    status_key: u.status,
    status_color: status.color,
    member_since: u.createdAt.toISOString(),
    country: u.countryCode ? { code: u.countryCode, name: row.countryName ?? u.countryCode } : null,
    oauth_type: u.oauthType ? { name: u.oauthType } : null,
    language: u.language,
    email_verified: u.emailVerifiedAt !== null,
    has_password: u.passwordHash !== null,
    balance: {
      balance: wallet.balance,
      total_minor: wallet.total_minor,
      currency: wallet.currency,
      basis: wallet.basis,
      pence_per_coin: wallet.pence_per_coin,
    },
  };
}

/**
 * Check the references of a modal body: tier (active, in `tiers`), genres (active), image (a file
 * uploaded as jpg/jpeg/png, unless it is the avatar the user already has), email not taken by another
 * account. Collects every failure as a field error.
 * @throws ValidationError 422 with the failing fields
 */
async function checkReferences(db: Database | Tx, body: AdminUserBody, current: UserRow | null) {
  const errors: FieldErrors = {};
  const [taken] = await db.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, body.email), current ? ne(users.id, current.id) : undefined));
  if (taken) errors.email = ['validation.email_taken'];
  if (body.tier_id) {
    const [tier] = await db.db
      .select({ id: tiers.id })
      .from(tiers)
      .where(and(eq(tiers.id, body.tier_id), eq(tiers.isActive, true)));
    if (!tier) errors.tier_id = ['user.validation.tier_invalid'];
  }
  const ids = [...new Set(body.genre_ids)];
  const found = await db.db
    .select({ id: genres.id })
    .from(genres)
    .where(and(inArray(genres.id, ids), eq(genres.isActive, true)));
  if (found.length !== ids.length) errors.genre_ids = ['user.validation.genre_invalid'];
  if (body.image && body.image !== current?.avatar) {
    const problem = await uploadedImageProblem(db, body.image, {
      mimes: USER_IMAGE_MIME,
      typeMessage: 'user.validation.image_invalid',
    });
    if (problem) errors.image = [problem];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function profileValues(body: AdminUserBody) {
  const { firstName, lastName } = splitName(body.name);
  return {
    firstName,
    lastName,
    email: body.email,
    userTypeId: body.user_type_id,
    // A tier only for curators and influencers (spec section 5: not required for artists); kept when given.
    tierId: body.tier_id ?? null,
    avatar: body.image ?? null,
    phoneNumber: body.phone_number ?? null,
    countryCode: body.country_code ?? null,
    spotifyLink: body.spotify_link ?? null,
    instagramLink: body.instagram_link ?? null,
    facebookLink: body.facebook_link ?? null,
    tiktokLink: body.tiktok_link ?? null,
    twitterLink: body.twitter_link ?? null,
  };
}

async function setGenres(tx: Tx, userId: number, genreIds: number[]) {
  await tx.db.delete(userGenres).where(eq(userGenres.userId, userId));
  const ids = [...new Set(genreIds)];
  if (ids.length > 0) await tx.db.insert(userGenres).values(ids.map((genreId) => ({ userId, genreId })));
}

/**
 * Create a user from the back-office modal (`POST /api/admin/users`). The account has no password and
 * status Not Registered until the user accepts an invitation; it gets the default role of its type.
 * @throws ValidationError 422 (field errors: email taken, tier, genres, image)
 */
export async function createUser(deps: Deps, body: AdminUserBody, meta: StaffMeta) {
  return withTransaction(deps.database, async (tx) => {
    await checkReferences(tx, body, null);
    const [created] = await tx.db
      .insert(users)
      .values({ ...profileValues(body), status: 'not_registered', language: 'en' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw new ValidationError({ email: ['validation.email_taken'] });
    await assignDefaultRoles(tx, created.id, created.userTypeId);
    await setGenres(tx, created.id, body.genre_ids);
    await audit(
      deps.database,
      staffActor(meta),
      { action: 'users.create', targetType: 'user', targetId: created.id, meta: { email: created.email } },
      tx,
    );
    return created.id;
  });
}

/**
 * Update a user from the back-office modal (`PUT /api/admin/users/{id}`). Changing the user type swaps
 * the default role of the old type for the new one's (other roles are kept).
 * @throws NotFoundError, ValidationError 422 (field errors)
 */
export async function updateUser(deps: Deps, userId: number, body: AdminUserBody, meta: StaffMeta) {
  await withTransaction(deps.database, async (tx) => {
    const [current] = await tx.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`))
      .for('update');
    if (!current) throw new NotFoundError();
    await checkReferences(tx, body, current);
    const values = profileValues(body);
    await tx.db
      .update(users)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(eq(users.id, userId));
    if (current.userTypeId !== body.user_type_id) {
      await tx.db
        .delete(userRoles)
        .where(
          and(
            eq(userRoles.userId, userId),
            inArray(
              userRoles.roleId,
              tx.db
                .select({ id: roles.id })
                .from(roles)
                .where(eq(roles.defaultForUserType, current.userTypeId)),
            ),
          ),
        );
      await assignDefaultRoles(tx, userId, body.user_type_id);
    }
    const genresBefore = (
      await tx.db.select({ id: userGenres.genreId }).from(userGenres).where(eq(userGenres.userId, userId))
    )
      .map((g) => g.id)
      .sort((a, b) => a - b);
    await setGenres(tx, userId, body.genre_ids);
    const changes = {
      ...auditChanges(current, values),
      ...auditChanges(
        { genreIds: genresBefore },
        { genreIds: [...new Set(body.genre_ids)].sort((a, b) => a - b) },
      ),
    };
    await audit(
      deps.database,
      staffActor(meta),
      {
        action: 'users.update',
        targetType: 'user',
        targetId: userId,
        meta: { fields: Object.keys(changes), changes },
      },
      tx,
    );
  });
}

/** Lock a user row; @throws NotFoundError when it does not exist or was deleted. */
async function lockUser(tx: Tx, userId: number): Promise<UserRow> {
  const [row] = await tx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`))
    .for('update');
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Approve or decline a user who is Pending For Approval (spec section 4: Approve/Decline offered only
 * then). The row is locked, so of two concurrent decisions exactly one applies; the other answers 409.
 * The user is told in-app and by email in their language.
 * @throws NotFoundError; ConflictError 409 'user.not_pending' when the status is not pending_approval
 */
export async function decideUser(
  deps: Deps,
  userId: number,
  decision: 'approve' | 'decline',
  reason: string | undefined,
  meta: StaffMeta,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.status !== 'pending_approval') throw new ConflictError('user.not_pending');
    const status = decision === 'approve' ? 'approved' : 'declined';
    await tx.db.update(users).set({ status, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
    const language = userLang(user);
    const kind = decision === 'approve' ? 'approved' : reason ? 'declined_reason' : 'declined';
    await notify(tx, {
      userId,
      type: `account.${decision === 'approve' ? 'approved' : 'declined'}`,
      message: `user.notify.${kind}`,
      params: reason ? { reason } : {},
      link: '/dashboard',
      createdAt: deps.clock.now(),
    });
    await deps.mail.send(
      {
        to: user.email,
        language,
        key: `user.mail.${kind}`,
        params: { name: user.firstName, ...(reason ? { reason } : {}) },
      },
      tx,
    );
    await audit(
      deps.database,
      staffActor(meta),
      {
        action: `users.${decision}`,
        targetType: 'user',
        targetId: userId,
        meta: reason ? { reason } : undefined,
      },
      tx,
    );
  });
}

/**
 * Disable a user: status disabled, every session revoked at once (the user is signed out everywhere),
 * email in their language, audited.
 * @throws NotFoundError; ConflictError 409 'user.already_disabled'
 */
export async function disableUser(deps: Deps, userId: number, meta: StaffMeta): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.status === 'disabled') throw new ConflictError('user.already_disabled');
    await tx.db
      .update(users)
      .set({ status: 'disabled', updatedAt: deps.clock.now() })
      .where(eq(users.id, userId));
    await revokeAllUserTokens(tx, userId);
    await deps.mail.send(
      {
        to: user.email,
        language: userLang(user),
        key: 'user.mail.disabled',
        params: { name: user.firstName },
      },
      tx,
    );
    await audit(
      deps.database,
      staffActor(meta),
      { action: 'users.disable', targetType: 'user', targetId: userId, meta: { previous: user.status } },
      tx,
    );
  });
}

/**
 * Enable a disabled user again: Approved when the account has a password, else Not Registered (to be
 * invited). Audited.
 * @throws NotFoundError; ConflictError 409 'user.not_disabled'
 */
export async function enableUser(deps: Deps, userId: number, meta: StaffMeta): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.status !== 'disabled') throw new ConflictError('user.not_disabled');
    const status = user.passwordHash ? 'approved' : 'not_registered';
    await tx.db.update(users).set({ status, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
    await audit(
      deps.database,
      staffActor(meta),
      { action: 'users.enable', targetType: 'user', targetId: userId, meta: { status } },
      tx,
    );
  });
}

/**
 * Invite a Not Registered or Invited user (`users.show.invite`): status Invited and an email, in the
 * user's language, with a link to set a password (the accounts reset mechanism: single use, valid
 * INVITE_TTL_DAYS days). Setting the password verifies the address and moves the user to Pending For
 * Approval. A new invitation voids the previous link.
 * @throws NotFoundError; ConflictError 409 'user.not_invitable' for any other status
 */
export async function inviteUser(deps: Deps, userId: number, meta: StaffMeta): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.status !== 'not_registered' && user.status !== 'invited')
      throw new ConflictError('user.not_invitable');
    const now = deps.clock.now();
    const token = await issueResetLink(tx, { userId }, now, INVITE_TTL_DAYS * 86_400_000);
    await tx.db.update(users).set({ status: 'invited', updatedAt: now }).where(eq(users.id, userId));
    const link = `${deps.config.appUrl}/user/reset-password?${new URLSearchParams({ token, email: user.email, invite: '1' })}`;
    await deps.mail.send(
      {
        to: user.email,
        language: userLang(user),
        key: 'user.mail.invite',
        params: { name: user.firstName, link, days: INVITE_TTL_DAYS },
      },
      tx,
    );
    await audit(
      deps.database,
      staffActor(meta),
      { action: 'users.invite', targetType: 'user', targetId: userId },
      tx,
    );
  });
}

/**
 * Email a password reset link to the user (`users.show.reset.password`), in the user's language, with
 * the same single-use 60-minute link as "forgot password".
 * @throws NotFoundError; ConflictError 409 'user.reset_not_allowed' for users without a password yet
 *   (invite them instead), 'user.already_disabled' for disabled users
 */
export async function sendPasswordReset(deps: Deps, userId: number, meta: StaffMeta): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.status === 'disabled') throw new ConflictError('user.already_disabled');
    if (user.status === 'not_registered' || user.status === 'invited' || !user.passwordHash)
      throw new ConflictError('user.reset_not_allowed');
    const token = await issueResetLink(
      tx,
      { userId },
      deps.clock.now(),
      LIMITS.resetTokenTtlMinutes * 60_000,
    );
    const link = `${deps.config.appUrl}/user/reset-password?${new URLSearchParams({ token, email: user.email })}`;
    await deps.mail.send(
      {
        to: user.email,
        language: userLang(user),
        key: 'mail.reset',
        params: { name: user.firstName, link },
      },
      tx,
    );
    await audit(
      deps.database,
      staffActor(meta),
      { action: 'users.reset_password', targetType: 'user', targetId: userId },
      tx,
    );
  });
}

/** The user's type, for the overview calls that depend on it. @throws NotFoundError */
export async function userTypeOf(database: Database, userId: number): Promise<number> {
  const [row] = await database.db
    .select({ type: users.userTypeId })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  if (!row) throw new NotFoundError();
  return row.type;
}

/**
 * Wallet totals of a user for the overview's Wallet tab: the balance, and the coins that came in
 * (credits, +) and went out (debits, −) over the wallet's whole history, counted in SQL.
 * @throws NotFoundError when there is no such user
 */
export async function walletSummary(database: Database, userId: number) {
  await userTypeOf(database, userId);
  const result = await database.db.execute<{
    credits: string;
    debits: string;
    count: string;
    balance: string;
  }>(sql`
    select coalesce(sum(e.amount) filter (where e.amount > 0), 0) as credits,
           coalesce(-sum(e.amount) filter (where e.amount < 0), 0) as debits,
           count(e.id) as count,
           coalesce(max(a.balance), 0) as balance
      from ${ledgerAccounts} a
      left join ${ledgerEntries} e on e.account_id = a.id
     where a.kind = 'user_wallet' and a.user_id = ${userId}`);
  const row = result.rows[0];
  return {
    balance: Number(row?.balance ?? 0),
    credits: Number(row?.credits ?? 0),
    debits: Number(row?.debits ?? 0),
    transactions: Number(row?.count ?? 0),
  };
}
