import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { startDeps } from '../boot';
import { loadConfig } from '../config/env';
import { createDatabase, withTransaction } from '../db/client';
import { users } from '../modules/accounts/accounts.schema';
import { admins } from '../modules/admins/admins.schema';
import { mailOutbox } from '../modules/mail/mail.schema';
import { adminRoles, roles } from '../modules/rbac/rbac.schema';
import { assignDefaultRoles } from '../modules/rbac/rbac.service';
import { type AppDeps, buildApp } from '../platform/app';
import { manualClock } from '../platform/clock';
import { hashPassword } from '../platform/crypto';
import { ROUTE_MODULES } from '../routes';
import { wireModules } from '../wiring';
import { TEMPLATE_DB, withDatabase } from './global-setup';

/** Password of users made by the factories. */
export const TEST_PASSWORD = 'Test-pass-2026';
let cachedHash: Promise<string> | undefined;
const testHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

/** A test application on its own fresh database cloned from the migrated template. */
export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  clock: ReturnType<typeof manualClock>;
  dbName: string;
  /** Make a verified user with the default role of its type. */
  makeUser(overrides?: Partial<typeof users.$inferInsert>): Promise<typeof users.$inferSelect>;
  /** Make an admin holding `roleName` (default Super Admin), or a new role with exactly `permissions`. */
  makeAdmin(options?: {
    roleName?: string;
    permissions?: string[];
    email?: string;
  }): Promise<typeof admins.$inferSelect>;
  /** Sign in through the API and return the bearer token. */
  loginUser(email: string, password?: string): Promise<string>;
  loginAdmin(email: string, password?: string): Promise<string>;
  /** The latest outbox mail to `to`. */
  lastMail(to: string): Promise<typeof mailOutbox.$inferSelect | undefined>;
  /** `app.inject` shorthand with JSON body and optional bearer token. */
  call(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Build the real app (real PostgreSQL, real pg-boss, outbox mail, sandbox providers) on a fresh
 * database. Workers do not run unless `work` is set; the clock is manual.
 */
export async function createTestApp(
  options: { work?: boolean; env?: Record<string, string> } = {},
): Promise<TestContext> {
  const adminUrl = inject('pgAdminUrl');
  const dbName = `lm_t_${randomBytes(6).toString('hex')}`;
  // The file's uploads; removed with its database at close (a test may give its own in `env`).
  const dataDir = path.join(os.tmpdir(), `lm-test-data-${dbName}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = withDatabase(adminUrl, dbName);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000',
    MAINTENANCE_CACHE_MS: '0',
    ...options.env,
  });
  const database = createDatabase(url, 10);
  const clock = manualClock(new Date());
  wireModules();
  const deps = await startDeps(config, url, database, clock, options.work ?? false);
  const { jobs } = deps;
  const app = await buildApp(deps, ROUTE_MODULES);
  await app.ready();

  const call: TestContext['call'] = (method, url, opts = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });

  let counter = 0;
  const ctx: TestContext = {
    app,
    deps,
    clock,
    dbName,
    async makeUser(overrides = {}) {
      counter += 1;
      const values = {
        userTypeId: 1,
        firstName: 'Test',
        lastName: `User${counter}`,
        email: `user${counter}-${randomBytes(3).toString('hex')}@test.test`,
        passwordHash: await testHash(),
        gender: 'female',
        status: 'approved',
        emailVerifiedAt: new Date(),
        ...overrides,
      };
      return withTransaction(database, async (tx) => {
        const [row] = await tx.db.insert(users).values(values).returning();
        await assignDefaultRoles(tx, row!.id, row!.userTypeId);
        return row!;
      });
    },
    async makeAdmin(opts = {}) {
      counter += 1;
      const [row] = await database.db
        .insert(admins)
        .values({
          name: `Admin ${counter}`,
          email: opts.email ?? `admin${counter}-${randomBytes(3).toString('hex')}@test.test`,
          passwordHash: await testHash(),
        })
        .returning();
      let roleId: number;
      if (opts.permissions) {
        const [role] = await database.db
          .insert(roles)
          .values({ name: `role-${dbName}-${counter}`, guard: 'admin' })
          .returning();
        roleId = role!.id;
        if (opts.permissions.length > 0) {
          await database.db.execute(sql`insert into role_permissions (role_id, permission_id)
            select ${roleId}, id from permissions where guard = 'admin' and name in (${sql.join(
              opts.permissions.map((p) => sql`${p}`),
              sql`, `,
            )})`);
        }
      } else {
        const [role] = await database.db
          .select()
          .from(roles)
          .where(and(eq(roles.name, opts.roleName ?? 'Super Admin'), eq(roles.guard, 'admin')));
        roleId = role!.id;
      }
      await database.db.insert(adminRoles).values({ adminId: row!.id, roleId });
      return row!;
    },
    async loginUser(email, password = TEST_PASSWORD) {
      const res = await call('POST', '/api/user/login', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode} ${res.body}`);
      return res.json().data.token;
    },
    async loginAdmin(email, password = TEST_PASSWORD) {
      const res = await call('POST', '/api/admin/login', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`admin login failed ${res.statusCode} ${res.body}`);
      return res.json().data.token;
    },
    async lastMail(to) {
      const [row] = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, to))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      return row;
    },
    call,
    async close() {
      await app.close();
      await jobs.stop();
      await database.pool.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${dbName} with (force)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}

/**
 * The one test app of a test file: `make` builds it before the file's first test and it is closed
 * after the last, so each file no longer repeats that pair of hooks. The answer stands for the app at
 * once (`const ctx = testAppForFile()`) and reaches the built one when a hook or a test reads it.
 * @param make how the file builds its app (default `createTestApp()`: workers off, manual clock)
 * @throws Error when read before the file's `beforeAll` hooks ran (at module load, say)
 */
export function testAppForFile(make: () => Promise<TestContext> = () => createTestApp()): TestContext {
  let built: TestContext | undefined;
  beforeAll(async () => {
    built = await make();
  });
  afterAll(async () => {
    await built?.close();
  });
  return new Proxy({} as TestContext, {
    get(_, key) {
      if (!built) throw new Error('the test app is built in beforeAll: read it inside a hook or a test');
      return Reflect.get(built, key);
    },
  });
}

/** The 6-digit code in a mail body. */
export function codeFrom(text: string | undefined): string {
  const match = /\b(\d{6})\b/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no code in mail: ${text}`);
  return match[1];
}
