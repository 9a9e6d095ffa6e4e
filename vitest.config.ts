import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          include: [
            'packages/**/src/**/*.test.{ts,tsx}',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/admin/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          // A component test's first render imports its page's modules (Mantine, the page, its hooks):
          // over 5 s, the default, when the machine is busy with other work. A test that hangs still
          // fails, after 30 s.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
