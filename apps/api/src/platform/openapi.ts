import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ERROR_CODES, GENERAL } from '@lm/contracts';
import { OPERATIONS, type OperationDoc } from '@lm/contracts/operations';
import { API_TAG_GROUPS, API_TAGS } from '@lm/contracts/operations/tags';
import { ACTING_FOR_HEADER } from '@lm/contracts/organisations';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config/env';
import { type Access, MAINTENANCE_OPEN } from './access';
import { t } from './i18n';

/** An error status an operation documents, with the shared response component it points to. */
const ERROR_RESPONSES = {
  400: ['BadRequest', 'The request could not be read (malformed JSON, a wrong content type).'],
  401: [
    'Unauthenticated',
    `No valid token: missing, expired or revoked (code \`${ERROR_CODES.UNAUTHENTICATED}\`). Sign in again.`,
  ],
  403: [
    'Forbidden',
    `Signed in but not allowed: the permission is missing (code \`${ERROR_CODES.FORBIDDEN}\`), a password change is forced (code \`${ERROR_CODES.PASSWORD_CHANGE_REQUIRED}\`), or an API key without the route's scope.`,
  ],
  404: ['NotFound', `The object does not exist or is not yours (code \`${ERROR_CODES.NOT_FOUND}\`).`],
  409: [
    'Conflict',
    `The object's state does not allow it (a status transition, an insufficient balance, a duplicate) (code \`${ERROR_CODES.CONFLICT}\`).`,
  ],
  410: ['Gone', 'The link or object has expired.'],
  413: ['PayloadTooLarge', 'The body or the uploaded file is larger than allowed.'],
  415: ['UnsupportedMediaType', 'The uploaded file is not of an accepted type.'],
  422: [
    'ValidationFailed',
    `A field is invalid or a rule refused the request (code \`${ERROR_CODES.VALIDATION}\`); \`errors\` holds the first message per field.`,
  ],
  429: [
    'RateLimited',
    `Too many requests from this address in the last minute (code \`${ERROR_CODES.RATE_LIMITED}\`); retry later.`,
  ],
  502: [
    'ProviderFailed',
    'An outside provider (payments, Spotify, TikTok, Instagram, Wise) failed or refused.',
  ],
  503: [
    'Maintenance',
    `Maintenance mode is on (code \`${ERROR_CODES.MAINTENANCE}\`), or the feature's provider is off on this site (code \`${ERROR_CODES.PROVIDER_OFF}\`).`,
  ],
} as const satisfies Record<number, readonly [string, string]>;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The message key and code each error answer's example shows (in English; answers use the request language). */
const ERROR_EXAMPLES: Partial<Record<ErrorStatus, [string, string | undefined]>> = {
  400: ['errors.bad_request', undefined],
  401: ['auth.unauthenticated', ERROR_CODES.UNAUTHENTICATED],
  403: ['auth.forbidden', ERROR_CODES.FORBIDDEN],
  404: ['errors.not_found', ERROR_CODES.NOT_FOUND],
  409: ['errors.conflict', ERROR_CODES.CONFLICT],
  413: ['errors.payload_too_large', undefined],
  429: ['errors.rate_limited', ERROR_CODES.RATE_LIMITED],
  502: ['payments.provider_unavailable', undefined],
  503: ['errors.maintenance', ERROR_CODES.MAINTENANCE],
};

/** The example body of an error answer. */
function errorExample(status: ErrorStatus): Record<string, unknown> {
  const requestId = '4bf92f3577b34da6a3ce929d0e0e4736';
  if (status === 422) {
    const message = t('en', 'validation.required');
    return { message, code: ERROR_CODES.VALIDATION, errors: { email: [message] }, requestId };
  }
  const known = ERROR_EXAMPLES[status];
  if (!known) return { message: ERROR_RESPONSES[status][1], requestId };
  const [key, code] = known;
  return { message: t('en', key), ...(code ? { code } : {}), requestId };
}

/** What a success answer's description says in place of @fastify/swagger's "Default Response". */
const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
};

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}` (the key of an operation's doc). */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The key of a route's doc in `OPERATIONS`: `'GET /api/wallet/user/current/balance'`. */
export const operationKey = (method: string, url: string): string => `${method} ${openApiPath(url)}`;

/** Who may call a route, in the words the reference shows under "Who may call it". */
export function whoMayCall(access: Access): string {
  const permission = (p: string, who: string) =>
    p === GENERAL ? `any ${who}` : `a ${who} holding the permission \`${p}\``;
  const key = (scope: string | undefined) =>
    scope ? ` An API key holding the scope \`${scope}\` may call it too.` : ' API keys are refused (403).';
  switch (access.kind) {
    case 'public':
      return 'Anyone: no token needed.';
    case 'user':
      return `${permission(access.permission, 'signed-in, verified user')}.${access.passwordChange ? ' Open while a password change is forced.' : ''}${key(access.scope)}`;
    case 'admin':
      return `${permission(access.permission, 'staff member (back-office token)')}.${key(access.scope)}`;
    case 'any':
      return `Any signed-in user or staff member.${access.passwordChange ? ' Open while a password change is forced.' : ''} API keys are refused (403).`;
    case 'both':
      return `A user holding \`${access.user}\` or a staff member holding \`${access.admin}\`; each sees only what their side may. API keys are refused (403).`;
  }
}

/** The security requirement of a route: none when public, the bearer token, or the token or a scoped API key. */
export function securityOf(access: Access): Record<string, string[]>[] {
  if (access.kind === 'public') return [];
  if ((access.kind === 'user' || access.kind === 'admin') && access.scope)
    return [{ bearer: [] }, { apiKey: [] }];
  return [{ bearer: [] }];
}

/**
 * The error statuses a route can answer: 401 unless public, 403 when a principal is checked, 404 when
 * the path has parameters, 422 when it declares a request schema, 429 unless outside the rate limit, 503
 * where maintenance mode applies (not to staff routes nor the few routes kept open), and the doc's own.
 */
export function errorStatusesOf(
  url: string,
  access: Access,
  schema: Record<string, unknown>,
  doc: OperationDoc | undefined,
  rateLimited = true,
): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(doc?.errors ?? []);
  if (access.kind !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (url.includes(':') || url.includes('{')) statuses.add(404);
  if (schema.body || schema.querystring || schema.params) statuses.add(422);
  if (rateLimited) statuses.add(429);
  if (access.kind !== 'admin' && !MAINTENANCE_OPEN.has(url)) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Rewrites the few shapes zod's OpenAPI 3.0 output gets wrong for 3.0 readers (Redocly's recommended
 * rules): a nullable union (`anyOf` + `nullable` without `type`) carries `nullable` on each branch; a
 * one-branch `anyOf` becomes its branch; a nullable `enum` lists null; a record with known keys (`required` without `properties`)
 * names them with the record's value schema.
 */
export function normaliseSchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normaliseSchemas);
  if (!isObject(node)) return node;
  let out: JsonObject = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, normaliseSchemas(v)]));
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = out[union];
    if (!Array.isArray(branches)) continue;
    if (out.nullable === true && out.type === undefined) {
      const { nullable: _, ...rest } = out;
      out = {
        ...rest,
        [union]: branches.map((b) => (isObject(b) && b.$ref === undefined ? { ...b, nullable: true } : b)),
      };
    }
    if (branches.length === 1 && isObject(branches[0]) && branches[0].$ref === undefined) {
      const { [union]: _, ...rest } = out;
      out = { ...branches[0], ...rest };
    }
  }
  // OpenAPI 3.0.3: `nullable` does not widen an `enum`, which must list null itself.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out = { ...out, enum: [...out.enum, null] };
  if (Array.isArray(out.required) && out.properties === undefined && isObject(out.additionalProperties)) {
    const value = out.additionalProperties;
    out = { ...out, properties: Object.fromEntries((out.required as string[]).map((k) => [k, value])) };
  }
  return out;
}

/**
 * The route's header schema with `X-Acting-For` (issue 35): on the user routes a team member may call
 * for an artist of their organisation's roster, documented as an optional header (the artist's user
 * id) with what the member's role must allow (`read` or `manage` on that artist).
 */
function withActingHeader(headers: unknown, mode: 'read' | 'manage'): JsonObject {
  const base: JsonObject = isObject(headers) ? headers : { type: 'object' };
  const properties = isObject(base.properties) ? base.properties : {};
  return {
    ...base,
    type: 'object',
    properties: {
      ...properties,
      [ACTING_FOR_HEADER]: {
        type: 'string',
        pattern: '^[1-9][0-9]{0,9}$',
        description:
          `Act for an artist of your organisation's roster: the artist's user id. The request then runs as ` +
          `that artist; your role must allow ${mode === 'read' ? 'reading' : 'managing'} them ` +
          '(403 otherwise). Not with an API key.',
      },
    },
  };
}

/**
 * The options of `@fastify/swagger` for the API reference at /api/docs (issue 34 "The reference"):
 * each route gets its operationId, summary and description from `OPERATIONS` (`@lm/contracts/operations`)
 * plus who may call it, its security from its access, its error responses (one shared `ApiError`
 * schema) and its doc's examples; `servers` is the configured public origin (`APP_URL`; paths start
 * with /api); tags are described and grouped.
 */
export function openApiOptions(config: Pick<Config, 'appUrl'>): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Liberty marketplace API',
        version: '1.0.0',
        description: [
          'Paths of spec section 7 under /api. Answers are `{ data, message? }`; lists `{ data, pagination }`;',
          'errors `ApiError` (`message` in the request language, `code`, `errors` per field, `requestId`).',
          'Send `Authorization: Bearer <token>` (from sign-in) or an API key the same way, and a language',
          'header (`Accept-Language` or `X-Lang`: en, fr, de, ar, tr).',
        ].join(' '),
      },
      servers: [{ url: new URL(config.appUrl).origin, description: 'This site (paths include /api)' }],
      tags: API_TAGS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token from `POST /api/user/login` (users) or `POST /api/admin/login` (staff).',
          },
          // Declared before the routes are read: @fastify/swagger looks up every scheme a route names.
          apiKey: API_KEY_SCHEME,
        },
        schemas: {
          ApiError: {
            type: 'object',
            description: 'The body of every error answer (design section 3, "Errors").',
            required: ['message'],
            properties: {
              message: { type: 'string', description: 'Localised text to show.' },
              code: { type: 'string', description: 'Machine-readable code, e.g. `USR_UNAUTHENTICATED`.' },
              errors: {
                type: 'object',
                description: 'Per field, its messages (show the first).',
                additionalProperties: { type: 'array', items: { type: 'string' } },
              },
              requestId: {
                type: 'string',
                description: 'The request id (also the trace id when tracing is on).',
              },
            },
            example: errorExample(422),
          },
        },
      },
    },
    transform: (input) => {
      const base = jsonSchemaTransform(input);
      const { route, url } = input;
      const access = route.config?.access as Access | undefined;
      const schema = base.schema as JsonObject;
      if (!access || schema.hide) return base;
      const method = [route.method].flat()[0] ?? 'GET';
      const doc = OPERATIONS[operationKey(method, url)];
      const described: JsonObject = {
        ...schema,
        ...(doc
          ? {
              operationId: doc.id,
              summary: doc.summary,
              description: `${doc.description}\n\n**Who may call it:** ${whoMayCall(access)}`,
            }
          : {}),
        security: securityOf(access),
        ...(access.kind === 'user' && access.organisation
          ? { headers: withActingHeader(schema.headers, access.organisation) }
          : {}),
        'x-lm-errors': errorStatusesOf(
          url,
          access,
          (route.schema ?? {}) as JsonObject,
          doc,
          route.config?.rateLimit !== false,
        ),
        ...(doc?.examples ? { 'x-lm-examples': doc.examples } : {}),
      };
      return { schema: described, url: base.url };
    },
    transformObject: (input) => {
      const openapiObject = 'openapiObject' in input ? input.openapiObject : input.swaggerObject;
      const document = normaliseSchemas(openapiObject) as JsonObject & {
        paths: Record<string, JsonObject>;
        components: JsonObject & { securitySchemes: JsonObject };
      };
      const used = new Set<ErrorStatus>();
      let apiKeys = false;
      for (const item of Object.values(document.paths)) {
        for (const operation of Object.values(item) as JsonObject[]) {
          for (const status of finishOperation(operation)) used.add(status);
          apiKeys ||= JSON.stringify(operation.security ?? []).includes('"apiKey"');
        }
      }
      // Only what some operation uses (Redocly's no-unused-components).
      document.components.responses = Object.fromEntries(
        [...used]
          .sort((a, b) => a - b)
          .map((status) => {
            const [name, description] = ERROR_RESPONSES[status];
            return [
              name,
              {
                description,
                content: {
                  'application/json': {
                    schema: { $ref: '#/components/schemas/ApiError' },
                    example: errorExample(status),
                  },
                },
              },
            ];
          }),
      );
      if (!apiKeys) delete document.components.securitySchemes.apiKey;
      return { ...document, 'x-tagGroups': API_TAG_GROUPS } as unknown as typeof openapiObject;
    },
  };
}

/** The API key scheme (issue 34 "API keys"), declared once a route accepts keys. */
const API_KEY_SCHEME = {
  type: 'http' as const,
  scheme: 'bearer',
  description:
    'An API key created in the account, sent as `Authorization: Bearer <key>`; it reaches only the operations that name its scope.',
};

/** Turns a route's `x-lm-errors` and `x-lm-examples` into its error responses and examples; answers the statuses. */
function finishOperation(operation: JsonObject): ErrorStatus[] {
  operation.responses ??= {};
  const responses = operation.responses as JsonObject;
  for (const [status, response] of Object.entries(responses)) {
    if (isObject(response) && response.description === 'Default Response' && SUCCESS_DESCRIPTIONS[status])
      response.description = SUCCESS_DESCRIPTIONS[status];
  }
  const errors = (operation['x-lm-errors'] ?? []) as ErrorStatus[];
  for (const status of errors) {
    responses[String(status)] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status][0]}` };
  }
  delete operation['x-lm-errors'];
  const examples = operation['x-lm-examples'] as OperationDoc['examples'];
  delete operation['x-lm-examples'];
  if (!examples) return errors;
  const json = (holder: unknown) =>
    isObject(holder) && isObject(holder.content)
      ? (holder.content['application/json'] as JsonObject | undefined)
      : undefined;
  const request = json(operation.requestBody);
  if (request && examples.request !== undefined) request.example = examples.request;
  const ok = Object.keys(responses).find((s) => s.startsWith('2'));
  const response = ok ? json(responses[ok]) : undefined;
  if (response && examples.response !== undefined) response.example = examples.response;
  return errors;
}
