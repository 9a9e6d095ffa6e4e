import { configDefaults, defineConfig } from 'vitest/config';

/** The shared packages', both apps', the scripts' and the benchmarks' tests (Node or jsdom). */
const PACKAGES = [
  'packages/**/src/**/*.test.{ts,tsx}',
  'apps/web/src/**/*.test.{ts,tsx}',
  'apps/admin/src/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  'bench/**/*.test.ts',
];

/**
 * Of those, the files that replace modules or globals (`vi.mock`, `vi.stubGlobal`, `vi.stubEnv`,
 * `vi.spyOn` on a shared module): each runs in a module graph of its own. `vitest-projects.test.ts`
 * checks that this list names every such file.
 */
export const MOCKING = [
  'apps/admin/src/components/section-nav.test.tsx',
  'apps/admin/src/hooks/use-admin-api.test.tsx',
  'apps/admin/src/hooks/use-dev-mailbox.test.tsx',
  'apps/admin/src/routes/dashboard/dashboard-counts.test.tsx',
  'apps/admin/src/routes/logs/audit-log-detail.test.tsx',
  'apps/admin/src/routes/users/users-bulk.test.tsx',
  'apps/web/src/routes/account/account-page.test.tsx',
  'apps/web/src/routes/express/fourth-platform.test.tsx',
  'apps/web/src/routes/express/payment-step.test.tsx',
  'apps/web/src/routes/express/video-picker.test.tsx',
  'apps/web/src/routes/fan-finder/subscribe-page.test.tsx',
  'apps/web/src/routes/wallet/paypal-callback.test.tsx',
  'packages/ui/src/ability/preload.test.ts',
  'packages/ui/src/api/download.test.ts',
  'packages/ui/src/api/toasts.test.ts',
  'packages/ui/src/list/list-screen.test.tsx',
  'packages/ui/src/list/list-table.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest's default workers (cores - 1: one on CI's two cores). Two files at a time on two cores was
    // tried (docs/performance.md "CI time") and reverted: the audit hour-sealing tests read the
    // cluster-wide transaction horizon, which another file's open transaction on the same embedded
    // PostgreSQL holds back (audit-pages.test.ts failed 5 of 6 in a CI run with two workers).
    projects: [
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // One module graph per worker for every file (files still run one after another, each on its
          // own cloned database): importing the whole API again for each of the 81 files took ~40% of
          // the run. Safe while no API test mocks modules (vi.mock) or writes process.env.
          isolate: false,
        },
      },
      {
        test: {
          name: 'packages',
          include: PACKAGES,
          exclude: [...configDefaults.exclude, ...MOCKING],
          // One module graph per worker (React, Mantine, i18next and the pages imported once, not once
          // per file: importing was most of this project's time). Safe for files that mock no module
          // and stub no global; those run isolated below. A test reads words through the catalogs it
          // loads itself, never through what an earlier file added to the shared i18next.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'packages-mocking',
          include: MOCKING,
          // A component test's first render imports its page's modules (Mantine, the page, its hooks):
          // over 5 s, the default, when the machine is busy with other work. A test that hangs still
          // fails, after 30 s.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
