import path from 'node:path';
import { adminOperations } from '@lm/contracts/operations/admin/index';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../test/harness';
import { errorStatusesOf, normaliseSchemas, securityOf, whoMayCall } from './openapi';

// The public address production is configured with (a development machine's localhost is a warning).
const ctx = testAppForFile(() => createTestApp({ env: { APP_URL: 'https://marketplace.liberty.test' } }));

describe('the API reference (issue 34 "The reference")', () => {
  it("passes Redocly's recommended rules (apps/api/redocly.yaml) with no error and no warning left unexplained", async () => {
    const res = await ctx.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const apiDir = path.join(import.meta.dirname, '../..');
    const config = await loadConfig({ configPath: path.join(apiDir, 'redocly.yaml') });
    // Linted under the name .redocly.lint-ignore.yaml gives it, where accepted problems carry their reason.
    const problems = await lintFromString({
      source: res.body,
      absoluteRef: path.join(apiDir, 'openapi.json'),
      config,
    });
    const found = problems
      .filter((p) => !p.ignored)
      .map((p) => ({
        rule: p.ruleId,
        severity: p.severity,
        message: p.message,
        at: p.location[0]?.pointer ?? '',
      }))
      // Until the back-office's docs are written (adminOperations filled), its operations are not held to it.
      .filter((p) => Object.keys(adminOperations).length > 0 || !p.at.startsWith('#/paths/~1api~1admin'));
    expect(found).toEqual([]);
  });

  it('serves the configured origin as its server, and the shared error schema', async () => {
    const doc = (await ctx.call('GET', '/api/docs/json')).json();
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://marketplace.liberty.test' })]);
    expect(doc.components.schemas.ApiError.required).toEqual(['message']);
    const balance = doc.paths['/api/wallet/user/current/balance'].get;
    expect(balance).toMatchObject({
      operationId: 'wallet.getBalance',
      // Scoped (`wallet:read`): a session token or an API key holding the scope.
      security: [{ bearer: [] }, { apiKey: [] }],
      responses: { 401: { $ref: '#/components/responses/Unauthenticated' } },
    });
    expect(balance.description).toContain('**Who may call it:**');
    expect(balance.description).toContain('An API key holding the scope `wallet:read` may call it too.');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Account security: never an API key.
    const sessions = doc.paths['/api/user/sessions'].get;
    expect(sessions.security).toEqual([{ bearer: [] }]);
    expect(sessions.description).toContain('API keys are refused (403).');
    expect(balance.responses[200].content['application/json'].example).toBeDefined();
    const login = doc.paths['/api/user/login'].post;
    expect(login.security).toEqual([]);
    expect(login.responses[401]).toBeUndefined();
    // Acting for an artist (issue 35): the header on the routes that take it, and only there.
    const actingHeader = (op: { parameters?: { in: string; name: string; required?: boolean }[] }) =>
      op.parameters?.find((p) => p.in === 'header' && p.name === 'x-acting-for');
    expect(actingHeader(balance)).toMatchObject({ in: 'header', name: 'x-acting-for', required: false });
    expect(actingHeader(doc.paths['/api/express/artist/campaign/create'].post)).toBeDefined();
    expect(actingHeader(sessions)).toBeUndefined();
    expect(actingHeader(doc.paths['/api/wallet/user/recharge/coins'].post)).toBeUndefined();
  });
});

describe('normaliseSchemas', () => {
  it("puts a union's nullable on its branches, unwraps a one-branch union and names a record's known keys, lets a nullable enum hold null", () => {
    expect(
      normaliseSchemas({
        link: {
          anyOf: [
            { type: 'string', enum: [''] },
            { type: 'string', format: 'uri' },
          ],
          nullable: true,
        },
        flag: { anyOf: [{ type: 'boolean' }], description: 'd' },
        counts: { type: 'object', additionalProperties: { type: 'number' }, required: ['a', 'b'] },
        end: { type: 'string', enum: ['declined'], nullable: true },
      }),
    ).toEqual({
      link: {
        anyOf: [
          { type: 'string', enum: [''], nullable: true },
          { type: 'string', format: 'uri', nullable: true },
        ],
      },
      flag: { type: 'boolean', description: 'd' },
      counts: {
        type: 'object',
        additionalProperties: { type: 'number' },
        required: ['a', 'b'],
        properties: { a: { type: 'number' }, b: { type: 'number' } },
      },
      end: { type: 'string', enum: ['declined', null], nullable: true },
    });
  });
});

describe("what a route's access documents", () => {
  const keyRoute = { kind: 'user', permission: 'ARTIST_PERMISSION', scope: 'wallet:read' } as const;

  it('lets an API key call a route naming a scope, and only such a route', () => {
    expect(securityOf(keyRoute)).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(whoMayCall(keyRoute)).toContain('scope `wallet:read`');
    expect(securityOf({ kind: 'user', permission: 'general' })).toEqual([{ bearer: [] }]);
    expect(whoMayCall({ kind: 'admin', permission: 'payouts.show' })).toContain('API keys are refused (403)');
    expect(securityOf({ kind: 'public' })).toEqual([]);
  });

  it('derives the error answers from access, path, schema and rate limit', () => {
    // A user route with a path parameter and a body, inside maintenance mode and the rate limit.
    expect(errorStatusesOf('/api/things/:id', keyRoute, { params: {}, body: {} }, undefined)).toEqual([
      401, 403, 404, 422, 429, 503,
    ]);
    // A staff route: no maintenance answer; the doc's own 409 added.
    expect(
      errorStatusesOf(
        '/api/admin/things',
        { kind: 'admin', permission: 'x' },
        {},
        { id: 'a.b', summary: 's', description: 'd', errors: [409] },
      ),
    ).toEqual([401, 403, 409, 429]);
    // A provider webhook: public, outside the rate limit.
    expect(errorStatusesOf('/api/stripe/webhook', { kind: 'public' }, {}, undefined, false)).toEqual([503]);
    // Kept open during maintenance.
    expect(errorStatusesOf('/api/health', { kind: 'public' }, {}, undefined, false)).toEqual([]);
  });
});
