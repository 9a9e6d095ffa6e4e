import {
  changePasswordSchema,
  emailOnlySchema,
  login2faSchema,
  loginSchema,
  oauthCompleteSchema,
  registerSchema,
  resetPasswordSchema,
  twoFactorSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from '@lm/contracts';
import { oauthCompletionSchema, userSessionSchema } from '@lm/contracts/sessions';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientInfo, currentUser, forArtist, PUBLIC, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import * as accounts from './accounts.service';

/** Session user as answered by login and `user/info` (no hashes, no tokens besides the new one). */
export const sessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  avatar: z.string().nullable(),
  gender: z.enum(['male', 'female', 'other']).nullable(),
  birth_date: z.string().nullable(),
  phone_number: z.string().nullable(),
  country_code: z.string().nullable(),
  user_type_id: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: z.string(),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  must_change_password: z.boolean(),
  oauth_type: z.string().nullable(),
  abilities: z.array(z.object({ action: z.literal('call'), subject: z.string() })),
  balance: z.number(),
  profile: z.object({
    artist_name: z.string().nullable(),
    bio: z.string().nullable(),
    genres: z.array(z.object({ id: z.number(), name: z.string() })),
    spotify_link: z.string().nullable(),
    instagram_link: z.string().nullable(),
    facebook_link: z.string().nullable(),
    tiktok_link: z.string().nullable(),
    twitter_link: z.string().nullable(),
  }),
});

const sessionAnswer = z.object({
  token: z.string(),
  user: sessionUserSchema,
  first_sign_in: z.boolean().optional(),
});
/** The greeting of a new session: a welcome on the account's first sign-in, "Welcome back" after. */
const signedIn = (data: object) =>
  'first_sign_in' in data && data.first_sign_in ? 'auth.first_sign_in' : 'auth.logged_in';
const loginAnswer = envelope(
  z.union([sessionAnswer, z.object({ two_factor: z.literal(true), email: z.string() })]),
);
const tags = ['auth'];

const meta = (req: FastifyRequest) => ({ ...clientInfo(req), lang: req.lang });

/** Auth and own-account calls of spec section 7 "Auth". */
export const accountsRoutes: RouteModule = (app, deps) => {
  app.post(
    '/api/user/store-user',
    {
      config: { access: PUBLIC },
      schema: { tags, body: registerSchema, response: { 201: envelope(z.object({ email: z.string() })) } },
    },
    async (req, reply) => {
      const data = await accounts.register(deps, req.body, meta(req));
      return reply.status(201).send({ data, message: t(req.lang, 'auth.registered') });
    },
  );

  app.post(
    '/api/verify-user',
    { config: { access: PUBLIC }, schema: { tags, body: verifyEmailSchema, response: { 200: messageOnly } } },
    async (req) => {
      await accounts.verifyEmail(deps, req.body.email, req.body.code, meta(req));
      return { message: t(req.lang, 'auth.verified') };
    },
  );

  app.post(
    '/api/user/resend-code',
    { config: { access: PUBLIC }, schema: { tags, body: emailOnlySchema, response: { 200: messageOnly } } },
    async (req) => {
      await accounts.resendCode(deps, req.body.email, meta(req));
      return { message: t(req.lang, 'auth.code_sent') };
    },
  );

  app.post(
    '/api/user/login',
    { config: { access: PUBLIC }, schema: { tags, body: loginSchema, response: { 200: loginAnswer } } },
    async (req) => {
      const data = await accounts.login(deps, req.body.email, req.body.password, meta(req));
      return {
        data,
        message: t(
          req.lang,
          'two_factor' in data && data.two_factor ? 'auth.two_factor_sent' : signedIn(data),
        ),
      };
    },
  );

  app.post(
    '/api/login-2fa',
    { config: { access: PUBLIC }, schema: { tags, body: login2faSchema, response: { 200: loginAnswer } } },
    async (req) => {
      const data = await accounts.login2fa(deps, req.body.email, req.body.code, meta(req));
      return { data, message: t(req.lang, signedIn(data)) };
    },
  );

  app.post(
    '/api/user/logout',
    { config: { access: userAccess(undefined, true) }, schema: { tags, response: { 200: messageOnly } } },
    async (req) => {
      const user = currentUser(req);
      await accounts.logout(deps, user.id, user.tokenId, meta(req));
      return { message: t(req.lang, 'auth.logged_out') };
    },
  );

  app.get(
    '/api/user/info',
    {
      // The session user is read with the token, in the access hook's one statement.
      config: { access: userAccess(undefined, true, 'session') },
      schema: { tags, response: { 200: envelope(sessionUserSchema) } },
    },
    async (req) => {
      const user = currentUser(req);
      return { data: await accounts.sessionUser(deps.database, user.id, user.permissions, user.session) };
    },
  );

  app.post(
    '/api/forget-password',
    { config: { access: PUBLIC }, schema: { tags, body: emailOnlySchema, response: { 200: messageOnly } } },
    async (req) => {
      await accounts.forgotPassword(deps, req.body.email, meta(req));
      return { message: t(req.lang, 'auth.reset_sent') };
    },
  );

  app.get(
    '/api/check/reset/token',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        querystring: z.object({ token: z.string().max(200), email: z.string().max(190) }),
        response: { 200: envelope(z.object({ valid: z.literal(true) })) },
      },
    },
    async (req) => {
      await accounts.checkResetToken(deps, req.query.email.trim().toLowerCase(), req.query.token);
      return { data: { valid: true as const } };
    },
  );

  app.post(
    '/api/user/reset-password',
    {
      config: { access: PUBLIC },
      schema: { tags, body: resetPasswordSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      await accounts.resetPassword(deps, req.body, meta(req));
      return { message: t(req.lang, 'auth.password_changed') };
    },
  );

  app.post(
    '/api/user/reset/password/login',
    {
      config: { access: userAccess(undefined, true) },
      schema: { tags, body: changePasswordSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      const user = currentUser(req);
      await accounts.changePassword(deps, user.id, user.tokenId, req.body, meta(req));
      return { message: t(req.lang, 'auth.password_changed') };
    },
  );

  // Object-level rule: a user reads and changes only their own account through these paths.
  const ownId = (req: FastifyRequest, id: number) => {
    if (currentUser(req).id !== id) throw new NotFoundError();
  };

  app.get(
    '/api/user/get-info/:id',
    {
      config: { access: forArtist(userAccess(), 'read') },
      schema: { tags, params: idParams, response: { 200: envelope(sessionUserSchema) } },
    },
    async (req) => {
      ownId(req, req.params.id);
      return { data: await accounts.sessionUser(deps.database, req.params.id) };
    },
  );

  app.post(
    '/api/user/update-user/:id',
    {
      config: { access: forArtist(userAccess(), 'manage') },
      schema: { tags, ...updateSchema(updateProfileSchema, sessionUserSchema) },
    },
    async (req) => {
      ownId(req, req.params.id);
      const data = await accounts.updateProfile(deps, req.params.id, req.body, meta(req));
      return { data, message: t(req.lang, 'auth.profile_updated') };
    },
  );

  app.delete(
    '/api/user/delete/:id',
    { config: { access: userAccess() }, schema: { tags, params: idParams, response: { 200: messageOnly } } },
    async (req) => {
      ownId(req, req.params.id);
      await accounts.deleteAccount(deps, req.params.id, meta(req));
      return { message: t(req.lang, 'auth.account_deleted') };
    },
  );

  app.get(
    '/api/user/sessions',
    {
      config: { access: userAccess() },
      schema: { tags, response: { 200: envelope(z.array(userSessionSchema)) } },
    },
    async (req) => {
      const user = currentUser(req);
      return { data: await accounts.listSessions(deps, user.id, user.tokenId) };
    },
  );

  app.delete(
    '/api/user/sessions/:id',
    { config: { access: userAccess() }, schema: { tags, params: idParams, response: { 200: messageOnly } } },
    async (req) => {
      await accounts.revokeSession(deps, currentUser(req).id, req.params.id, meta(req));
      return { message: t(req.lang, 'auth.session_revoked') };
    },
  );

  app.delete(
    '/api/user/sessions',
    {
      config: { access: userAccess() },
      schema: { tags, response: { 200: envelope(z.object({ revoked: z.number() })) } },
    },
    async (req) => {
      const user = currentUser(req);
      const revoked = await accounts.revokeOtherSessions(deps, user.id, user.tokenId, meta(req));
      return { data: { revoked }, message: t(req.lang, 'auth.other_sessions_revoked') };
    },
  );

  app.post(
    '/api/user/two-factor',
    {
      config: { access: userAccess() },
      schema: { tags, body: twoFactorSchema, response: { 200: messageOnly } },
    },
    async (req) => {
      await accounts.setTwoFactor(deps, currentUser(req).id, req.body.enabled, req.body.password, meta(req));
      return { message: t(req.lang, 'auth.two_factor_updated') };
    },
  );

  app.get(
    '/api/oauth/gmail/redirect',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        querystring: z.object({ auth_type: z.enum(['login', 'register']).default('login') }),
        response: { 200: envelope(z.object({ url: z.string(), state: z.string(), binding: z.string() })) },
      },
    },
    async (req) => ({ data: accounts.googleRedirect(deps, req.query.auth_type) }),
  );

  app.get(
    '/api/oauth/gmail/register/login',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        querystring: z.object({
          code: z.string().min(1).max(4000),
          // Both required by the service, which answers a missing one with the same translated refusal
          // as a wrong one.
          state: z.string().max(2000).optional(),
          binding: z.string().max(200).optional(),
          auth_type: z.string().max(20).optional(),
        }),
        response: {
          200: envelope(z.union([sessionAnswer, oauthCompletionSchema])),
        },
      },
    },
    async (req) => {
      const data = await accounts.googleLogin(
        deps,
        req.query.code,
        req.query.state,
        req.query.binding,
        meta(req),
      );
      return {
        data,
        message: t(req.lang, 'needs_completion' in data ? 'auth.oauth_complete_required' : signedIn(data)),
      };
    },
  );

  app.post(
    '/api/oauth/gmail/register/complete',
    {
      config: { access: PUBLIC },
      schema: { tags, body: oauthCompleteSchema, response: { 200: loginAnswer } },
    },
    async (req) => {
      const data = await accounts.googleComplete(deps, req.body, meta(req));
      return { data, message: t(req.lang, signedIn(data)) };
    },
  );
};
