import { beforeAll } from 'vitest';
import type { admins } from '../modules/admins/admins.schema';
import { createTestApp, type TestContext, testAppForFile } from './harness';

/** A test application and one admin signed in on it: where most back-office tests start. */
export interface AdminTestApp {
  ctx: TestContext;
  /** The admin made for the file (Super Admin, or a role with exactly the given permissions). */
  admin: typeof admins.$inferSelect;
  /** That admin's bearer token. */
  token: string;
}

/**
 * Build a test application (see `createTestApp`: a fresh database, workers off unless `work`, manual
 * clock) and sign one admin in: holding Super Admin, or a new role with exactly `permissions` when
 * given (an empty list: no permission at all). The caller closes `ctx` after its tests.
 */
export async function createAdminTestApp(
  options: { work?: boolean; env?: Record<string, string>; permissions?: string[] } = {},
): Promise<AdminTestApp> {
  const { permissions, ...appOptions } = options;
  const ctx = await createTestApp(appOptions);
  return { ctx, ...(await signInAdmin(ctx, permissions)) };
}

/** Make the file's admin (Super Admin, or exactly `permissions`) and sign it in. */
async function signInAdmin(ctx: TestContext, permissions: string[] | undefined) {
  const admin = await ctx.makeAdmin(permissions ? { permissions } : {});
  return { admin, token: await ctx.loginAdmin(admin.email) };
}

/**
 * The one admin test app of a test file (see `testAppForFile`): built and closed around the file's
 * tests, its admin (Super Admin, or exactly `permissions`) signed in before the first test and handed
 * to `signedIn`, which keeps what the file needs (its token, its id) in the file's own variables.
 */
export function adminTestAppForFile(
  signedIn: (admin: { admin: typeof admins.$inferSelect; token: string }) => void,
  options: { work?: boolean; env?: Record<string, string>; permissions?: string[] } = {},
): TestContext {
  const { permissions, ...appOptions } = options;
  const ctx = testAppForFile(() => createTestApp(appOptions));
  beforeAll(async () => {
    signedIn(await signInAdmin(ctx, permissions));
  });
  return ctx;
}
