import type {
  changePasswordSchema,
  oauthCompleteSchema,
  registerSchema,
  resetPasswordSchema,
  updateProfileSchema,
} from '@lm/contracts';
import {
  ERROR_CODES,
  type Language,
  LIMITS,
  type LoginResult,
  type SessionUser,
  USER_IMAGE_MIME,
} from '@lm/contracts';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { genres, userGenres } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import {
  burnPasswordCheck,
  hashPassword,
  randomToken,
  sameDigest,
  sha256,
  verifyPassword,
} from '../../platform/crypto';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../platform/errors';
import { signValue, verifyValue } from '../../platform/signed';
import { describeDevice, recordActivity } from '../activities';
import { type AuditActor, audit } from '../audit';
import { assertUploadedImage } from '../files';
import { abilityRules, assignDefaultRoles, userPermissionNames } from '../rbac';
import { notifyStaffPendingUser } from '../todos';
import { accessTokens, oauthPending, passwordResets, users } from './accounts.schema';
import { consumeEmailCode, issueEmailCode } from './email-codes';
import { assertLoginAllowed, recordLoginAttempt } from './login-throttle';
import { SESSION_COLUMNS, type SessionUserRow, WALLET_JOIN } from './preload';
import { issueResetLink } from './reset-links';
import { issueToken, revokeAllUserTokens, revokeToken } from './tokens';

type Deps = Pick<AppDeps, 'config' | 'database' | 'mail' | 'clock' | 'providers'>;
type UserRow = typeof users.$inferSelect;

/** Request context of an account action: where it came from and in which language to write mails. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  lang: Language;
}

const userTtlMs = (deps: Deps) => deps.config.TOKEN_TTL_DAYS * 86_400_000;
const actor = (user: { id: number } | null, meta: RequestMeta): AuditActor => ({
  type: user ? 'user' : 'guest',
  id: user?.id ?? null,
  ip: meta.ip,
  userAgent: meta.userAgent,
});

async function findUserByEmail(db: Database | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), sql`${users.deletedAt} is null`))
    .limit(1);
  return row;
}

/**
 * The account an e-mail signs in, verifies or resets: a managed artist profile (issue 35) has no login
 * of its own, so every way in (password, code, Google, reset) answers for it as for an unknown address.
 */
async function signInAccount(db: Database | Tx, email: string): Promise<UserRow | undefined> {
  const row = await findUserByEmail(db, email);
  return row?.managedProfile ? undefined : row;
}

/**
 * The user, their wallet balance and their genres in one statement. Named, so PostgreSQL plans it once
 * per connection (`user/info` is a hot path).
 */
const SESSION_USER_SQL = `select ${SESSION_COLUMNS} from users u ${WALLET_JOIN} where u.id = $1`;

/**
 * Session data of spec section 3 for a user (abilities as CASL rules, balance in coins). No query when
 * the access hook preloaded the row (`user/info`: token, user and data in one statement); one when the
 * caller knows the permissions (the request's principal does); else that and the permission names side
 * by side. No transaction: a read of one statement needs none.
 * @throws NotFoundError when there is no such user
 */
export async function sessionUser(
  database: Database,
  userId: number,
  permissions?: ReadonlySet<string>,
  preloaded?: SessionUserRow,
): Promise<SessionUser> {
  if (preloaded && permissions) return sessionUserOf(preloaded, permissions);
  const [{ rows }, perms] = await Promise.all([
    database.pool.query<{ session: SessionUserRow }>({
      name: 'session-user',
      text: SESSION_USER_SQL,
      values: [userId],
    }),
    permissions ?? userPermissionNames(database, userId),
  ]);
  const row = rows[0]?.session;
  if (!row) throw new NotFoundError();
  return sessionUserOf(row, perms);
}

/** A {@link SessionUserRow} and the user's permission names as the session user of spec section 3. */
function sessionUserOf(row: SessionUserRow, perms: Iterable<string>): SessionUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    avatar: row.avatar,
    gender: row.gender ?? null,
    birth_date: row.birth_date,
    phone_number: row.phone_number,
    country_code: row.country_code,
    user_type_id: row.user_type_id as 1 | 2 | 3,
    status: row.status,
    email_verified: row.email_verified,
    two_factor_enabled: row.two_factor_enabled,
    must_change_password: row.must_change_password,
    oauth_type: row.oauth_type,
    abilities: abilityRules(perms),
    balance: row.balance,
    profile: {
      artist_name: row.artist_name,
      bio: row.bio,
      genres: row.genres,
      spotify_link: row.spotify_link,
      instagram_link: row.instagram_link,
      facebook_link: row.facebook_link,
      tiktok_link: row.tiktok_link,
      twitter_link: row.twitter_link,
    },
  };
}

async function mailCode(
  deps: Deps,
  tx: Tx,
  user: UserRow,
  purpose: 'verify_email' | 'login_2fa',
  lang: Language,
) {
  const code = await issueEmailCode(tx, user.id, purpose, deps.clock);
  await deps.mail.send(
    {
      to: user.email,
      language: lang,
      key: purpose === 'verify_email' ? 'mail.verify' : 'mail.two_factor',
      params: { name: user.firstName, code },
    },
    tx,
  );
}

/**
 * Register a user (`user/store-user`): unverified, status pending approval, default role of the type,
 * verification code emailed.
 * @throws ValidationError 422 when the email is taken
 */
export async function register(deps: Deps, input: z.output<typeof registerSchema>, meta: RequestMeta) {
  const passwordHash = await hashPassword(input.password);
  return withTransaction(deps.database, async (tx) => {
    if (await findUserByEmail(tx, input.email))
      throw new ValidationError({ email: ['validation.email_taken'] });
    const [user] = await tx.db
      .insert(users)
      .values({
        userTypeId: input.user_type_id,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        passwordHash,
        gender: input.gender,
        birthDate: input.birth_date ?? null,
        phoneNumber: input.phone_number ?? null,
        status: 'pending_approval',
        language: meta.lang,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new ValidationError({ email: ['validation.email_taken'] });
    await assignDefaultRoles(tx, user.id, user.userTypeId);
    await mailCode(deps, tx, user, 'verify_email', meta.lang);
    await audit(
      deps.database,
      actor(user, meta),
      { action: 'auth.register', targetType: 'user', targetId: user.id },
      tx,
    );
    return { email: user.email };
  });
}

/** A user as the staff notification names them. */
const staffView = (u: { id: number; firstName: string; lastName: string; email: string }) => ({
  id: u.id,
  name: `${u.firstName} ${u.lastName}`.trim(),
  email: u.email,
});

/**
 * Verify the email with the emailed code (`/verify-user`).
 * @throws 422 'auth.code_invalid', 429 'auth.code_too_many_attempts', 409 'auth.already_verified'
 */
export async function verifyEmail(deps: Deps, email: string, code: string, meta: RequestMeta): Promise<void> {
  const user = await signInAccount(deps.database, email);
  if (!user) throw new AppError(422, 'auth.code_invalid', { errors: { code: ['auth.code_invalid'] } });
  if (user.emailVerifiedAt) throw new ConflictError('auth.already_verified');
  await consumeEmailCode(deps.database, user.id, 'verify_email', code, deps.clock, async (tx) => {
    await tx.db
      .update(users)
      .set({ emailVerifiedAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .where(eq(users.id, user.id));
    await audit(
      deps.database,
      actor(user, meta),
      { action: 'auth.email_verified', targetType: 'user', targetId: user.id },
      tx,
    );
    if (user.status === 'pending_approval') await notifyStaffPendingUser(tx, staffView(user));
  });
  await recordActivity(deps, user.id, 'email_verified', meta);
}

/** Send a new verification code (`user/resend-code`); silent when the address is unknown or verified. */
export async function resendCode(deps: Deps, email: string, meta: RequestMeta): Promise<void> {
  const user = await signInAccount(deps.database, email);
  if (!user || user.emailVerifiedAt || user.status === 'disabled') return;
  await withTransaction(deps.database, (tx) => mailCode(deps, tx, user, 'verify_email', meta.lang));
}

async function startSession(
  deps: Deps,
  user: UserRow,
  meta: RequestMeta,
  how: string,
): Promise<{ token: string; user: SessionUser; first_sign_in: boolean }> {
  let firstSignIn = false;
  const token = await withTransaction(deps.database, async (tx) => {
    // Signed in before? ("Welcome back" greeted a first sign-in.) One probe of the
    // audit log's actor index.
    const before = await tx.db.execute<{ signed_in: boolean }>(sql`select exists (
        select 1 from audit_logs where actor_type = 'user' and actor_id = ${user.id} and action = 'auth.login'
      ) as signed_in`);
    firstSignIn = before.rows[0]?.signed_in !== true;
    const tok = await issueToken(tx, { userId: user.id }, meta, deps.clock, userTtlMs(deps));
    await audit(
      deps.database,
      actor(user, meta),
      { action: 'auth.login', targetType: 'user', targetId: user.id, meta: { how } },
      tx,
    );
    return tok;
  });
  await recordActivity(deps, user.id, 'login', meta);
  return { token, user: await sessionUser(deps.database, user.id), first_sign_in: firstSignIn };
}

/**
 * Sign in (`user/login`). Throttled per account and IP; the same 422 whether the email is unknown or
 * the password wrong. Unverified: 403 USR_NOT_VERIFIED and a new code is sent. 2FA: a code is emailed
 * and `{two_factor: true}` answered.
 */
export async function login(
  deps: Deps,
  email: string,
  password: string,
  meta: RequestMeta,
): Promise<LoginResult> {
  await assertLoginAllowed(deps.database, 'user', email, meta.ip, deps.clock);
  const user = await signInAccount(deps.database, email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await burnPasswordCheck(password);
  if (!user || !ok) {
    await recordLoginAttempt(deps.database, 'user', email, meta.ip, false, deps.clock);
    await audit(deps.database, actor(user ?? null, meta), {
      action: 'auth.login_failed',
      targetType: 'user',
      targetId: user?.id,
      meta: { email },
    });
    if (user) await recordActivity(deps, user.id, 'login_failed', meta);
    throw new AppError(422, 'auth.invalid_credentials', { errors: { email: ['auth.invalid_credentials'] } });
  }
  await recordLoginAttempt(deps.database, 'user', email, meta.ip, true, deps.clock);
  if (user.status === 'disabled') throw new ForbiddenError('auth.account_disabled');
  if (!user.emailVerifiedAt) {
    await withTransaction(deps.database, (tx) => mailCode(deps, tx, user, 'verify_email', meta.lang));
    throw new ForbiddenError('auth.not_verified', ERROR_CODES.NOT_VERIFIED);
  }
  if (user.twoFactorEnabled) {
    await withTransaction(deps.database, (tx) => mailCode(deps, tx, user, 'login_2fa', meta.lang));
    return { two_factor: true, email: user.email };
  }
  return startSession(deps, user, meta, 'password');
}

/** Second sign-in step (`login-2fa`) with the emailed code. */
export async function login2fa(
  deps: Deps,
  email: string,
  code: string,
  meta: RequestMeta,
): Promise<LoginResult> {
  await assertLoginAllowed(deps.database, 'user', email, meta.ip, deps.clock);
  const user = await signInAccount(deps.database, email);
  if (!user?.twoFactorEnabled || user.status === 'disabled') {
    throw new AppError(422, 'auth.code_invalid', { errors: { code: ['auth.code_invalid'] } });
  }
  try {
    await consumeEmailCode(deps.database, user.id, 'login_2fa', code, deps.clock);
  } catch (err) {
    await recordLoginAttempt(deps.database, 'user', email, meta.ip, false, deps.clock);
    await audit(deps.database, actor(user, meta), {
      action: 'auth.login_failed',
      targetType: 'user',
      targetId: user.id,
      meta: { step: '2fa' },
    });
    await recordActivity(deps, user.id, 'login_failed', meta);
    throw err;
  }
  return startSession(deps, user, meta, '2fa');
}

/** Revoke the current token (`user/logout`). */
export async function logout(deps: Deps, userId: number, tokenId: number, meta: RequestMeta): Promise<void> {
  await revokeToken(deps.database, tokenId);
  await audit(deps.database, actor({ id: userId }, meta), {
    action: 'auth.logout',
    targetType: 'user',
    targetId: userId,
  });
  await recordActivity(deps, userId, 'logout', meta);
}

/** Email a reset link (`forget-password`); the answer never says whether the account exists. */
export async function forgotPassword(deps: Deps, email: string, meta: RequestMeta): Promise<void> {
  const user = await signInAccount(deps.database, email);
  await audit(deps.database, actor(user ?? null, meta), {
    action: 'auth.password_reset_requested',
    meta: { email },
  });
  if (!user || user.status === 'disabled') return;
  await recordActivity(deps, user.id, 'password_reset_requested', meta);
  await withTransaction(deps.database, async (tx) => {
    const token = await issueResetLink(
      tx,
      { userId: user.id },
      deps.clock.now(),
      LIMITS.resetTokenTtlMinutes * 60_000,
    );
    const link = `${deps.config.appUrl}/user/reset-password?${new URLSearchParams({ token, email: user.email })}`;
    await deps.mail.send(
      {
        to: user.email,
        language: meta.lang,
        key: 'mail.reset',
        params: { name: user.firstName, link },
      },
      tx,
    );
  });
}

async function liveReset(db: Database | Tx, email: string, token: string, now: Date, lock = false) {
  const q = db.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        eq(users.email, email),
        sql`${passwordResets.usedAt} is null`,
        sql`${passwordResets.expiresAt} > ${now.toISOString()}`,
        sql`${users.deletedAt} is null`,
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for('update', { of: passwordResets }) : await q;
  return row;
}

/**
 * Is this reset link still usable (`check/reset/token`)?
 * @throws AppError 422 'auth.reset_link_invalid' when unknown, used or expired
 */
export async function checkResetToken(deps: Deps, email: string, token: string): Promise<void> {
  if (!(await liveReset(deps.database, email, token, deps.clock.now())))
    throw new AppError(422, 'auth.reset_link_invalid');
}

/** Set a new password from a reset link (`user/reset-password`); single use; revokes every session. */
export async function resetPassword(
  deps: Deps,
  input: z.output<typeof resetPasswordSchema>,
  meta: RequestMeta,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = await withTransaction(deps.database, async (tx) => {
    const row = await liveReset(tx, input.email, input.token, deps.clock.now(), true);
    if (!row) throw new AppError(422, 'auth.reset_link_invalid');
    await tx.db
      .update(passwordResets)
      .set({ usedAt: deps.clock.now() })
      .where(eq(passwordResets.id, row.reset.id));
    // An invited user who sets a password also proves the address.
    await tx.db
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        emailVerifiedAt: row.user.emailVerifiedAt ?? deps.clock.now(),
        status:
          row.user.status === 'invited' || row.user.status === 'not_registered'
            ? 'pending_approval'
            : row.user.status,
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, row.user.id));
    if (row.user.status === 'invited' || row.user.status === 'not_registered')
      await notifyStaffPendingUser(tx, staffView(row.user));
    await revokeAllUserTokens(tx, row.user.id);
    await audit(
      deps.database,
      actor(row.user, meta),
      { action: 'auth.password_reset', targetType: 'user', targetId: row.user.id },
      tx,
    );
    await deps.mail.send(
      {
        to: row.user.email,
        language: meta.lang,
        key: 'mail.password_changed',
        params: { name: row.user.firstName },
      },
      tx,
    );
    return row.user.id;
  });
  await recordActivity(deps, userId, 'password_reset', meta);
}

/**
 * Change the password while signed in (`user/reset/password/login`). The current password is required
 * unless a change is forced. Every other session is revoked.
 */
export async function changePassword(
  deps: Deps,
  userId: number,
  tokenId: number,
  input: z.output<typeof changePasswordSchema>,
  meta: RequestMeta,
): Promise<void> {
  const [user] = await deps.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFoundError();
  if (!user.mustChangePassword) {
    const ok =
      user.passwordHash && input.current_password
        ? await verifyPassword(user.passwordHash, input.current_password)
        : false;
    if (!ok) {
      await audit(deps.database, actor(user, meta), {
        action: 'auth.password_change_failed',
        targetType: 'user',
        targetId: user.id,
      });
      throw new ValidationError({ current_password: ['auth.current_password_wrong'] });
    }
  }
  const passwordHash = await hashPassword(input.password);
  await withTransaction(deps.database, async (tx) => {
    await tx.db
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: deps.clock.now() })
      .where(eq(users.id, userId));
    await revokeAllUserTokens(tx, userId, tokenId);
    await audit(
      deps.database,
      actor(user, meta),
      { action: 'auth.password_changed', targetType: 'user', targetId: userId },
      tx,
    );
    await deps.mail.send(
      {
        to: user.email,
        language: meta.lang,
        key: 'mail.password_changed',
        params: { name: user.firstName },
      },
      tx,
    );
  });
  await recordActivity(deps, userId, 'password_changed', meta);
}

/**
 * Update the signed-in user's own profile (`user/update-user/{id}`). A new `avatar` must be a jpg/png
 * this user uploaded through `file/upload`. The artist profile: artist
 * name, bio, social links (formats checked by `updateProfileSchema`) and genres (at most 5, replaced
 * as a whole under the user's row lock; every id an active genre). Nothing changes when a check fails.
 * @throws ValidationError 422 on `avatar` (not an upload key, not this user's upload, not an image),
 *   on `genre_ids` (`user.validation.genre_invalid`)
 */
export async function updateProfile(
  deps: Deps,
  userId: number,
  input: z.output<typeof updateProfileSchema>,
  meta: RequestMeta,
) {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: deps.clock.now() };
  if (input.first_name !== undefined) patch.firstName = input.first_name;
  if (input.last_name !== undefined) patch.lastName = input.last_name;
  if (input.gender !== undefined) patch.gender = input.gender;
  if (input.birth_date !== undefined) patch.birthDate = input.birth_date;
  if (input.phone_number !== undefined) patch.phoneNumber = input.phone_number;
  if (input.avatar !== undefined) {
    const [current] = await deps.database.db
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.id, userId));
    if (input.avatar !== null && input.avatar !== current?.avatar) {
      await assertUploadedImage(deps.database, 'avatar', input.avatar, {
        mimes: USER_IMAGE_MIME,
        typeMessage: 'user.validation.image_invalid',
        uploader: { userId },
      });
    }
    patch.avatar = input.avatar;
  }
  if (input.country_code !== undefined) patch.countryCode = input.country_code;
  if (input.artist_name !== undefined) patch.artistName = input.artist_name;
  if (input.bio !== undefined) patch.bio = input.bio;
  if (input.spotify_link !== undefined) patch.spotifyLink = input.spotify_link;
  if (input.instagram_link !== undefined) patch.instagramLink = input.instagram_link;
  if (input.facebook_link !== undefined) patch.facebookLink = input.facebook_link;
  if (input.tiktok_link !== undefined) patch.tiktokLink = input.tiktok_link;
  if (input.twitter_link !== undefined) patch.twitterLink = input.twitter_link;
  const genreIds = input.genre_ids === undefined ? undefined : [...new Set(input.genre_ids)];
  if (genreIds && genreIds.length > 0) {
    const found = await deps.database.db
      .select({ id: genres.id })
      .from(genres)
      .where(and(inArray(genres.id, genreIds), eq(genres.isActive, true)));
    if (found.length !== genreIds.length)
      throw new ValidationError({ genre_ids: ['user.validation.genre_invalid'] });
  }
  await withTransaction(deps.database, async (tx) => {
    // The user's row lock serialises concurrent saves, so the genres replaced are never two lists merged.
    await tx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.db.update(users).set(patch).where(eq(users.id, userId));
    if (genreIds) {
      await tx.db.delete(userGenres).where(eq(userGenres.userId, userId));
      if (genreIds.length > 0)
        await tx.db.insert(userGenres).values(genreIds.map((genreId) => ({ userId, genreId })));
    }
  });
  await recordActivity(deps, userId, 'profile_updated', meta);
  return sessionUser(deps.database, userId);
}

/** Delete the signed-in user's own account (`user/delete/{id}`): soft delete, email freed, sessions revoked. */
export async function deleteAccount(deps: Deps, userId: number, meta: RequestMeta): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    await tx.db
      .update(users)
      .set({
        deletedAt: deps.clock.now(),
        status: 'disabled',
        email: sql`'deleted+' || ${users.id} || '@deleted.invalid'`,
        oauthSubject: null,
        passwordHash: null,
      })
      .where(eq(users.id, userId));
    await revokeAllUserTokens(tx, userId);
    await audit(
      deps.database,
      actor({ id: userId }, meta),
      { action: 'auth.account_deleted', targetType: 'user', targetId: userId },
      tx,
    );
  });
  await recordActivity(deps, userId, 'account_deleted', meta);
}

/** Live sessions of a user, newest first; `current` marks the caller's own. */
export async function listSessions(deps: Deps, userId: number, currentTokenId: number) {
  const rows = await deps.database.db
    .select()
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.userId, userId),
        sql`${accessTokens.revokedAt} is null`,
        sql`${accessTokens.expiresAt} > ${deps.clock.now().toISOString()}`,
      ),
    )
    .orderBy(desc(accessTokens.id));
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    ip: r.ip,
    user_agent: r.userAgent,
    created_at: r.createdAt.toISOString(),
    last_used_at: (r.lastUsedAt ?? r.createdAt).toISOString(),
    current: r.id === currentTokenId,
  }));
}

/** Sign out one of the user's own sessions. @throws NotFoundError when it is not theirs */
export async function revokeSession(
  deps: Deps,
  userId: number,
  sessionId: number,
  meta: RequestMeta,
): Promise<void> {
  const [row] = await deps.database.db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(and(eq(accessTokens.id, sessionId), eq(accessTokens.userId, userId)));
  if (!row) throw new NotFoundError();
  await revokeToken(deps.database, sessionId);
  await audit(deps.database, actor({ id: userId }, meta), {
    action: 'auth.session_revoked',
    targetType: 'access_token',
    targetId: sessionId,
  });
  await recordActivity(deps, userId, 'session_revoked', meta);
}

/**
 * Sign out every other session of the user (/security "Sign out all other sessions"): all
 * their live tokens but the one making the call, in one statement; audited with the count.
 * @returns how many sessions were signed out (0 when there were none)
 */
export async function revokeOtherSessions(
  deps: Deps,
  userId: number,
  currentTokenId: number,
  meta: RequestMeta,
): Promise<number> {
  const revoked = await deps.database.db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(accessTokens.userId, userId),
        sql`${accessTokens.revokedAt} is null`,
        ne(accessTokens.id, currentTokenId),
      ),
    )
    .returning({ id: accessTokens.id });
  if (revoked.length > 0) {
    await audit(deps.database, actor({ id: userId }, meta), {
      action: 'auth.other_sessions_revoked',
      targetType: 'user',
      targetId: userId,
      meta: { count: revoked.length },
    });
    await recordActivity(deps, userId, 'session_revoked', meta);
  }
  return revoked.length;
}

/** Turn email 2FA on or off; needs the password. */
export async function setTwoFactor(
  deps: Deps,
  userId: number,
  enabled: boolean,
  password: string,
  meta: RequestMeta,
) {
  const [user] = await deps.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFoundError();
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw new ValidationError({ password: ['auth.current_password_wrong'] });
  }
  await deps.database.db
    .update(users)
    .set({ twoFactorEnabled: enabled, updatedAt: deps.clock.now() })
    .where(eq(users.id, userId));
  await audit(deps.database, actor(user, meta), {
    action: enabled ? 'auth.2fa_enabled' : 'auth.2fa_disabled',
    targetType: 'user',
    targetId: userId,
  });
  await recordActivity(deps, userId, enabled ? '2fa_enabled' : '2fa_disabled', meta);
}

/** Lifetime of a Google sign-in's state, in seconds. */
const GOOGLE_STATE_TTL_SECONDS = 600;

/**
 * Google sign-in, step 1 (`oauth/gmail/redirect`): the consent URL with a signed state (10 minutes)
 * bound to the browser that asks. `binding` is a fresh 256-bit secret answered only
 * to this caller, which keeps it in its tab (sessionStorage); the state carries only its SHA-256, so
 * the state in a link someone else opens is useless without the secret of the browser that started it.
 * @returns the consent URL, the state, and the binding secret to send back with the code
 */
export function googleRedirect(
  deps: Deps,
  authType: 'login' | 'register',
): { url: string; state: string; binding: string } {
  const binding = randomToken();
  const state = signValue(
    deps.config.keys,
    { kind: 'google-state', authType, bind: sha256(binding) },
    GOOGLE_STATE_TTL_SECONDS,
    deps.clock.now().getTime(),
  );
  return {
    url: deps.providers.google.authorizationUrl(state, `${deps.config.appUrl}/oauth`),
    state,
    binding,
  };
}

/**
 * True when `state` was signed by `googleRedirect` less than 10 minutes ago for the browser holding
 * `binding` (constant-time comparison of the hashes).
 */
function googleStateMatches(deps: Deps, state: string | undefined, binding: string | undefined): boolean {
  if (!state || !binding) return false;
  const payload = verifyValue<{ kind?: unknown; bind?: unknown }>(
    deps.config.keys,
    state,
    deps.clock.now().getTime(),
  );
  return (
    payload?.kind === 'google-state' &&
    typeof payload.bind === 'string' &&
    sameDigest(payload.bind, sha256(binding))
  );
}

/**
 * Google sign-in, step 2 (`oauth/gmail/register/login`): check that the state belongs to this browser
 * (`state` and `binding` from step 1), then exchange the code. A known Google account or verified email
 * signs in; an unknown one gets a pending token for `/complete/oauth`.
 * @throws AppError 422 'auth.oauth_state_invalid' when the state or binding is missing, expired,
 *   tampered with or from another browser (login CSRF), before the code is used;
 *   422 'auth.oauth_failed' when Google refuses the code or the address is not verified
 */
export async function googleLogin(
  deps: Deps,
  code: string,
  state: string | undefined,
  binding: string | undefined,
  meta: RequestMeta,
) {
  if (!googleStateMatches(deps, state, binding)) throw new AppError(422, 'auth.oauth_state_invalid');
  let profile: Awaited<ReturnType<typeof deps.providers.google.exchangeCode>>;
  try {
    profile = await deps.providers.google.exchangeCode(code, `${deps.config.appUrl}/oauth`);
  } catch {
    throw new AppError(422, 'auth.oauth_failed');
  }
  if (!profile.emailVerified) throw new AppError(422, 'auth.oauth_failed');
  const [bySubject] = await deps.database.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.oauthType, 'google'),
        eq(users.oauthSubject, profile.subject),
        sql`${users.deletedAt} is null`,
      ),
    );
  const existing = bySubject ?? (await signInAccount(deps.database, profile.email));
  if (existing) {
    if (existing.status === 'disabled') throw new ForbiddenError('auth.account_disabled');
    if (!existing.oauthSubject || !existing.emailVerifiedAt) {
      await deps.database.db
        .update(users)
        .set({
          oauthType: 'google',
          oauthSubject: profile.subject,
          emailVerifiedAt: existing.emailVerifiedAt ?? deps.clock.now(),
        })
        .where(eq(users.id, existing.id));
    }
    return startSession(deps, existing, meta, 'google');
  }
  const pending = randomToken();
  await deps.database.db.insert(oauthPending).values({
    tokenHash: sha256(pending),
    provider: 'google',
    subject: profile.subject,
    email: profile.email,
    firstName: profile.firstName.slice(0, 100) || profile.email.split('@')[0]!.slice(0, 100),
    lastName: profile.lastName.slice(0, 100),
    // Google's picture is a link to another site: not kept; the user uploads one.
    avatar: null,
    expiresAt: new Date(deps.clock.now().getTime() + 30 * 60_000),
  });
  return {
    needs_completion: true as const,
    oauth_token: pending,
    email: profile.email,
    first_name: profile.firstName,
    last_name: profile.lastName,
  };
}

/** Google sign-up, step 3 (`oauth/gmail/register/complete`): choose the user type and gender, then sign in. */
export async function googleComplete(
  deps: Deps,
  input: z.output<typeof oauthCompleteSchema>,
  meta: RequestMeta,
) {
  const user = await withTransaction(deps.database, async (tx) => {
    const [pending] = await tx.db
      .select()
      .from(oauthPending)
      .where(
        and(
          eq(oauthPending.tokenHash, sha256(input.oauth_token)),
          sql`${oauthPending.usedAt} is null`,
          sql`${oauthPending.expiresAt} > ${deps.clock.now().toISOString()}`,
        ),
      )
      .for('update');
    if (!pending) throw new AppError(422, 'auth.oauth_failed');
    await tx.db.update(oauthPending).set({ usedAt: deps.clock.now() }).where(eq(oauthPending.id, pending.id));
    if (await findUserByEmail(tx, pending.email))
      throw new ValidationError({ email: ['validation.email_taken'] });
    const [created] = await tx.db
      .insert(users)
      .values({
        userTypeId: input.user_type_id,
        firstName: pending.firstName,
        lastName: pending.lastName || '-',
        email: pending.email,
        gender: input.gender,
        avatar: pending.avatar,
        oauthType: 'google',
        oauthSubject: pending.subject,
        emailVerifiedAt: deps.clock.now(),
        status: 'pending_approval',
        language: meta.lang,
      })
      .returning();
    if (!created) throw new Error('user insert returned nothing');
    await assignDefaultRoles(tx, created.id, created.userTypeId);
    await audit(
      deps.database,
      actor(created, meta),
      { action: 'auth.register', targetType: 'user', targetId: created.id, meta: { how: 'google' } },
      tx,
    );
    await notifyStaffPendingUser(tx, staffView(created));
    return created;
  });
  return startSession(deps, user, meta, 'google');
}
