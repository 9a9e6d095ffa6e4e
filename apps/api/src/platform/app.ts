import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_CODES, GENERAL } from '@lm/contracts';
import { ACTING_FOR_HEADER } from '@lm/contracts/organisations';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import qs from 'qs';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { INPUT_DATA_ERRORS, pgErrorOf } from '../db/pg-error';
import type { Jobs } from '../jobs/jobs';
import type { Preload } from '../modules/accounts/preload';
import { resolveBearer } from '../modules/accounts/principal';
import { isApiKey, keyEnvironment, recordKeyUse, resolveApiKey } from '../modules/api-keys';
import type { Storage } from '../modules/files/storage';
import {
  DEV_MAIL_COOKIE,
  devMailSessionOf,
  inDevMailSession,
  newDevMailSession,
} from '../modules/mail/dev-mail';
import type { Mailer } from '../modules/mail/mail.service';
import { maintenanceFlag } from '../modules/settings/settings.service';
import type { Providers } from '../providers/providers';
import { type Access, actingResolverOf, type KeyOfRequest, MAINTENANCE_OPEN, type Principal } from './access';
import type { Clock } from './clock';
import { registerCompression } from './compression';
import { AppError, ForbiddenError, UnauthenticatedError, ValidationError } from './errors';
import { fieldWithNulByte } from './http';
import { explicitLanguage, isMessageKey, requestLanguage, t } from './i18n';
import type { Lifecycle } from './lifecycle';
import { loggerOptions } from './logging';
import type { Metrics } from './metrics';
import { openApiOptions } from './openapi';
import { responseSerializerCompiler } from './serializer';
import { sendSpaIndex, serveApps } from './static-apps';
import { requestId } from './tracing';

/** Infrastructure handed to the app (STYLE: factories over classes, infrastructure passed in). */
export interface AppDeps {
  config: Config;
  database: Database;
  jobs: Jobs;
  mail: Mailer;
  storage: Storage;
  providers: Providers;
  clock: Clock;
  /** Serving or draining (graceful shutdown; the readiness check reads it). */
  lifecycle: Lifecycle;
  /** The process's Prometheus metrics, when served (`METRICS_PORT`); absent, nothing is counted. */
  metrics?: Metrics;
}

/** Fastify instance typed by the zod provider (request parts typed from their schemas). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
/** Dependencies every route module receives. */
export type ModuleDeps = AppDeps & { maintenance: ReturnType<typeof maintenanceFlag> };
/** A module's route registrar. */
export type RouteModule = (app: ZodApp, deps: ModuleDeps) => void | Promise<void>;

/**
 * Build the HTTP application: the shared platform (envelope, errors, language, helmet,
 * CORS, rate limit, auth and permission hook, maintenance mode, OpenAPI) and every module's routes.
 */
export async function buildApp(deps: AppDeps, modules: RouteModule[]): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const { oneLinePerRequest, ...logging } = loggerOptions(config.LOG_LEVEL, Boolean(process.stdout.isTTY));
  const app = Fastify({
    ...logging,
    // The trace id when tracing is on (a log line, an error's requestId and a trace join), else a UUID.
    genReqId: requestId,
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    // Graceful shutdown (issue 33): a request that arrives on an open keep-alive connection while the
    // instance closes is served like the others (Fastify would answer 503, which a proxy does not
    // retry for a POST it already sent). Idle connections are closed at once and busy ones after their
    // answer, so closing still ends; main.ts's hard exit bounds it.
    return503OnClosing: false,
    // List filters arrive as filter[field]=value: parse brackets into objects.
    routerOptions: {
      querystringParser: (str: string) => qs.parse(str, { depth: 2, arrayLimit: 100, parameterLimit: 200 }),
      // Signed values travel as path segments (a share link's token is ~150 characters); the default
      // 100 would answer 414 before the route's own schema could refuse a long value.
      maxParamLength: 500,
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses through fast-json-stringify compiled from the zod schemas (checked against zod outside production).
  app.setSerializerCompiler(responseSerializerCompiler(config.responseSerializer));

  const maintenance = maintenanceFlag(database, config.MAINTENANCE_CACHE_MS);

  if (oneLinePerRequest) {
    app.addHook('onResponse', async (req, reply) => {
      req.log.info(`${req.method} ${req.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
    });
  }

  // Counted under the route's pattern (`routeOptions.url`), never the raw URL: one series per route.
  const { metrics } = deps;
  if (metrics) {
    app.addHook('onResponse', (req, reply, done) => {
      metrics.observeRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime);
      done();
    });
  }

  app.decorateRequest('principal', null);
  app.decorateRequest('lang', 'en');

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(
        `Route ${route.method} ${route.url} declares no access (public, user or admin permission)`,
      );
    }
  });

  // Security headers: helmet's middleware built once. @fastify/helmet rebuilt it (parsing the CSP
  // directives) on every request, a few per cent of the hot paths' CPU (docs/performance.md).
  // Images stored with the product's own URL (the sandbox covers, `${APP_URL}/api/sandbox/...`) stay
  // allowed when the product is opened under another name of the same server, e.g. 127.0.0.1 for
  // localhost: 'self' is the page's origin, so APP_URL's origin is named as well.
  const appOrigin = new URL(config.appUrl).origin;
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", appOrigin, 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Spotify's embed iFrame API (the seller's player reports playback through it).
        scriptSrc: ["'self'", 'https://open.spotify.com'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // The sandbox's generated previews carry the product's own URL, like the sandbox covers.
        mediaSrc: ["'self'", appOrigin, 'blob:', 'https:'],
        // Embeds: Spotify players, the submitted TikTok videos and Instagram reels.
        frameSrc: [
          "'self'",
          'https://open.spotify.com',
          'https://www.tiktok.com',
          'https://www.instagram.com',
        ],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // Development mail: outside production each browser gets a session cookie, and
  // the mails sent while handling its requests are kept for it (GET /api/dev/mail). Never in production.
  if (config.devMail) {
    app.addHook('onRequest', (req, reply, done) => {
      let session = devMailSessionOf(req.headers.cookie);
      if (!session) {
        session = newDevMailSession();
        reply.header('set-cookie', `${DEV_MAIL_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Strict`);
      }
      inDevMailSession(session, done);
    });
  }
  const origins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  await app.register(cors, { origin: origins.length > 0 ? origins : false, credentials: false });
  // Counted per address, or per API key for a request that came with one (issue 34): the limiter runs
  // as a route hook, after the access hook below has resolved the key.
  await app.register(rateLimit, {
    global: true,
    keyGenerator: (req) => (req.principal?.apiKey ? `api-key:${req.principal.apiKey.id}` : req.ip),
    max: (_req, key) =>
      key.startsWith('api-key:') ? config.API_KEY_RATE_LIMIT_PER_MINUTE : config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (req, ctx) => ({
      statusCode: 429,
      message: t(requestLanguage(req.headers), 'errors.rate_limited'),
      code: ERROR_CODES.RATE_LIMITED,
      requestId: req.id,
      retryAfter: ctx.after,
    }),
  });
  if (config.API_COMPRESSION === 'on') await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, openApiOptions(config));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.addHook('onRequest', async (req, reply) => {
    req.lang = requestLanguage(req.headers);
    reply.header('content-language', req.lang);
    const access: Access | undefined = req.routeOptions.config?.access;
    if (!access) return;
    const principal = await resolvePrincipal(
      req,
      access.kind === 'user',
      access.kind === 'user' ? access.preload : undefined,
    );
    req.principal = principal;
    // Staff sessions pass maintenance; a staff member's API key does not (it is no one at the screen).
    if (
      access.kind !== 'admin' &&
      !MAINTENANCE_OPEN.has(req.routeOptions.url ?? '') &&
      (principal?.kind !== 'admin' || principal.apiKey)
    ) {
      if (await maintenance.get())
        throw new AppError(503, 'errors.maintenance', { code: ERROR_CODES.MAINTENANCE });
    }
    if (access.kind === 'public') return;
    if (!principal) throw new UnauthenticatedError();
    if (principal.apiKey) assertKeyReaches(access, principal.apiKey);
    if (access.kind === 'any') return;
    if (access.kind !== 'both' && access.kind !== principal.kind) throw new UnauthenticatedError();
    if (principal.kind === 'user') {
      if (principal.mustChangePassword && !(access.kind === 'user' && access.passwordChange)) {
        throw new ForbiddenError('auth.password_change_required', ERROR_CODES.PASSWORD_CHANGE_REQUIRED);
      }
      const actingFor = req.headers[ACTING_FOR_HEADER];
      if (actingFor !== undefined) req.principal = await actAs(principal, access, actingFor);
    }
    const permission =
      access.kind === 'both' ? (principal.kind === 'user' ? access.user : access.admin) : access.permission;
    if (permission !== GENERAL && !req.principal!.permissions.has(permission)) throw new ForbiddenError();
  });

  /**
   * A team member acting for an artist of their roster (issue 35, `X-Acting-For: <artist user id>`):
   * only on a user route declaring `organisation`, never with an API key; the member's role must allow
   * the route's mode on that artist (organisations module, registered resolver). The request then runs
   * as the artist, with the member kept in `actingMember`; data the route preloaded for the member
   * is dropped so the route reads the artist's.
   * @throws ForbiddenError 403 `organisations.not_in_context` (route without `organisation`, API key),
   *   `organisations.acting_invalid` (not an artist id), or the resolver's refusal
   */
  async function actAs(
    principal: Extract<Principal, { kind: 'user' }>,
    access: Access,
    header: string | string[],
  ): Promise<Principal> {
    if (access.kind !== 'user' || !access.organisation || principal.apiKey)
      throw new ForbiddenError('organisations.not_in_context');
    const value = Array.isArray(header) ? header.join(',') : header.trim();
    if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647)
      throw new ForbiddenError('organisations.acting_invalid');
    const { member, artist } = await actingResolverOf()(
      database,
      principal.id,
      Number(value),
      access.organisation,
    );
    const { session: _session, wallet: _wallet, ...rest } = principal;
    return {
      ...rest,
      id: Number(value),
      userTypeId: artist.userTypeId,
      status: artist.status,
      permissions: artist.permissions,
      mustChangePassword: false,
      actingMember: member,
    };
  }

  // Every request made with an API key is logged after its answer (issue 34), its failures included.
  app.addHook('onResponse', async (req, reply) => {
    const key = req.principal?.apiKey;
    if (!key) return;
    try {
      await recordKeyUse(database, {
        apiKeyId: key.id,
        method: req.method,
        route: req.routeOptions.url ?? req.url.split('?')[0] ?? '',
        status: reply.statusCode,
        ip: req.ip,
        at: clock.now(),
      });
    } catch (err) {
      req.log.error({ err }, 'API key use not recorded');
    }
  });

  // U+0000 cannot be stored by PostgreSQL: refuse it in any query, path or JSON field with the field's
  // translated message before validation or a handler sees it.
  // A callback hook, not an async one: it runs on every request and awaits nothing (no promise each time).
  app.addHook('preValidation', (req, _reply, done) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = fieldWithNulByte(part);
      if (field) return done(new ValidationError({ [field]: ['validation.invalid_characters'] }));
    }
    done();
  });

  /**
   * Resolve the bearer token into a principal; null when absent or of another scheme (a webhook's
   * `Basic` credentials, e.g. Postmark's inbound mail, are its route's to check). Throws 401 when a
   * bearer token is present but malformed or dead.
   */
  async function resolvePrincipal(req: FastifyRequest, userOnly: boolean, preload: Preload | undefined) {
    const header = req.headers.authorization;
    if (!header || /^basic\s/i.test(header)) return null;
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
    if (!match?.[1]) throw new UnauthenticatedError();
    // An API key (`lm_<env>_<lookup>_<secret>`, 60 characters) never reads as a session token (43).
    if (isApiKey(match[1])) return resolveApiKey(database, match[1], clock, keyEnvironment(deps), req.ip);
    return resolveBearer(database, match[1], clock, explicitLanguage(req.headers), preload, userOnly);
  }

  app.setErrorHandler((err, req, reply) => {
    const lang = req.lang ?? requestLanguage(req.headers);
    const requestId = req.id;
    if (err instanceof AppError) {
      const errors = err.options.errors
        ? Object.fromEntries(
            Object.entries(err.options.errors).map(([field, msgs]) => [
              field,
              msgs.map((m) => (typeof m === 'string' ? t(lang, m) : t(lang, m.key, m.params))),
            ]),
          )
        : undefined;
      if (err.options.headers) reply.headers(err.options.headers);
      return reply.status(err.status).send({
        message: t(lang, err.messageKey, err.options.params),
        ...(err.options.code ? { code: err.options.code } : {}),
        ...(errors ? { errors } : {}),
        requestId,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        const text = validationText(
          lang,
          issue.message ?? '',
          issue.keyword,
          issue.params as Record<string, unknown>,
        );
        errors[field] = [...(errors[field] ?? []), text];
      }
      const first = Object.values(errors)[0]?.[0] ?? t(lang, 'errors.bad_request');
      return reply.status(422).send({ message: first, code: ERROR_CODES.VALIDATION, errors, requestId });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ message: t(lang, 'errors.internal'), code: ERROR_CODES.INTERNAL, requestId });
    }
    // Backstop behind validation: a value PostgreSQL cannot read or store (out of range, malformed,
    // a NUL byte that slipped through) is the caller's input, not a server fault.
    const dbError = pgErrorOf(err);
    if (dbError && INPUT_DATA_ERRORS.has(dbError.code)) {
      req.log.warn({ err }, 'database refused an input value');
      return reply
        .status(422)
        .send({ message: t(lang, 'validation.invalid'), code: ERROR_CODES.VALIDATION, requestId });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: t(lang, 'errors.rate_limited'), code: ERROR_CODES.RATE_LIMITED, requestId });
    }
    if (status === 413) {
      return reply.status(413).send({ message: t(lang, 'errors.payload_too_large'), requestId });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: t(lang, 'errors.bad_request'), requestId });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: t(lang, 'errors.internal'), code: ERROR_CODES.INTERNAL, requestId });
  });

  const fullDeps = { ...deps, maintenance };
  await app.register(async (api) => {
    for (const mod of modules) await mod(api.withTypeProvider<ZodTypeProvider>(), fullDeps);
  });

  const served = await serveApps(app as unknown as FastifyInstance, config);

  app.setNotFoundHandler((req, reply) => {
    const lang = requestLanguage(req.headers);
    // A file that is gone (or moved to private storage) is a 404, not the single-page app's index.
    if (req.url.startsWith('/api/') || req.url === '/api' || req.url.startsWith('/storage/')) {
      return reply
        .status(404)
        .send({ message: t(lang, 'errors.not_found'), code: ERROR_CODES.NOT_FOUND, requestId: req.id });
    }
    return sendSpaIndex(req.url, reply, served);
  });

  return app as unknown as FastifyInstance;
}

/**
 * An API key reaches a user or admin route only when the route declares a scope the key holds (issue
 * 34); every other route (money out, account security, the keys themselves, public/any/both routes
 * that take a session) answers 403 `API_KEY_SCOPE`.
 */
function assertKeyReaches(access: Access, key: KeyOfRequest): void {
  const scope = access.kind === 'user' || access.kind === 'admin' ? access.scope : undefined;
  if (!scope) throw new ForbiddenError('api_keys.route_closed', ERROR_CODES.API_KEY_SCOPE);
  if (!key.scopes.has(scope))
    throw new AppError(403, 'api_keys.scope_missing', { code: ERROR_CODES.API_KEY_SCOPE, params: { scope } });
}

/** A validation issue's text: our message keys translated, zod defaults mapped to the spec's generic messages. */
function validationText(
  lang: Parameters<typeof t>[0],
  message: string,
  keyword: string,
  params: Record<string, unknown>,
) {
  // fastify-type-provider-zod passes the zod issue's own fields (minimum, maximum, origin...) as params.
  const issue = (params ?? {}) as { minimum?: unknown; maximum?: unknown; origin?: string };
  // A key such as 'validation.min_value' names its limit `{{value}}`: fill it from the issue's bound.
  if (isMessageKey(message)) return t(lang, message, { value: issue.minimum ?? issue.maximum, ...params });
  if (keyword === 'invalid_type' && /received undefined/.test(message)) return t(lang, 'validation.required');
  if (keyword === 'too_small') {
    if (issue.origin === 'string' && issue.minimum === 1) return t(lang, 'validation.required');
    return t(lang, 'validation.min_value', { value: issue.minimum });
  }
  if (keyword === 'too_big') {
    if (issue.origin === 'string') return t(lang, 'validation.too_long');
    return t(lang, 'validation.max_value', { value: issue.maximum });
  }
  return t(lang, 'validation.invalid');
}
