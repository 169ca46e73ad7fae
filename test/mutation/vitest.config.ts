import { defineConfig } from 'vitest/config';

/**
 * The tests a mutation run (`npm run test:mutation`, `stryker.config.json`) runs against each
 * mutant: the unit tier, plus the config store's tests (they touch only a temporary folder, no
 * sandbox). Stryker sets the pool's size and turns coverage off itself.
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/**/!(store).int.test.{ts,tsx}', 'test/**/*.e2e.test.{ts,tsx}'],
    // Forks, as in the unit tier: a worker thread's smaller stack changes what deep JSON does.
    pool: 'forks',
    isolate: false,
  },
});
