import type { admins } from '../modules/admins/admins.schema';
import { createTestApp, type TestContext } from './harness';

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
  const admin = await ctx.makeAdmin(permissions ? { permissions } : {});
  return { ctx, admin, token: await ctx.loginAdmin(admin.email) };
}
