import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers, by file name: `*.test.ts(x)` unit (pure logic, stores and
 * controllers over fakes), `*.int.test.ts(x)` integration (the real sandbox
 * over TLS), `*.e2e.test.ts` end to end (the built program in a pseudo-terminal).
 * `npm test` runs them all; `npx vitest run --project unit` one of them.
 */
// React's production build, as the program ships it (scripts/build-parts.mjs): the development build
// records a stack for every element, a tenth of the integration tier's CPU time.
// COLUMNS and LINES: ink-testing-library's stdout has no rows, so at every frame Ink asks terminal-size,
// which without them runs `tput` and `resize` (two child processes a frame, most of the integration
// tier's time); 80x24 is what they answer without a terminal.
const shared = {
  testTimeout: 20_000,
  hookTimeout: 30_000,
  env: { NODE_ENV: 'production', COLUMNS: '80', LINES: '24' },
};
const OWN_PROCESS = ['test/tui/run.int.test.tsx', 'test/reliability/crash.int.test.tsx'];

export default defineConfig({
  // The production JSX runtime to match (the development one is not in React's production build).
  oxc: { jsx: { runtime: 'automatic', development: false } },
  test: {
    // Integration and e2e files spend much of their time waiting on sockets and child processes:
    // one worker more than there are cores keeps the cores busy (vitest's default is one fewer).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/**/*.int.test.{ts,tsx}', 'test/**/*.e2e.test.{ts,tsx}'],
          // No unit test changes process-wide state, so files share workers (imports are paid once a worker).
          // Forks, not threads: a worker thread's smaller stack changes what deep JSON does.
          pool: 'forks',
          isolate: false,
          // V8's top tier (TurboFan) off in these workers, its middle one (Maglev) kept: a unit test runs
          // most of its code a few times, so optimising it costs more than it saves, and the compiler's
          // threads take the second core from the other worker (about 2 s of the tier's 20 s of CPU, in
          // pairs; docs/development.md). What the code does is the same at every tier.
          execArgv: ['--max-opt=2'],
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: ['test/**/*.int.test.{ts,tsx}'],
          exclude: OWN_PROCESS,
          // Each file starts its own sandbox and puts back what it changes (the config test its
          // umask), so files share workers here too.
          pool: 'forks',
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          // Integration tests that send signals to their process or leave process handlers to a crash.
          name: 'integration-own-process',
          include: OWN_PROCESS,
          pool: 'forks',
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['test/**/*.e2e.test.{ts,tsx}'],
          globalSetup: ['test/e2e/codeCache.setup.ts'],
          pool: 'forks',
          // Each test runs the program in a terminal of its own and changes nothing in its worker:
          // files share workers (a fresh worker a file cost a third of this tier's time).
          isolate: false,
        },
      },
    ],
  },
});
