import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers, by file name: `*.test.ts(x)` unit (pure logic, stores and
 * controllers over fakes, in process; nothing drawn through Ink,
 * test/scripts/tiers.test.ts), `*.int.test.ts(x)` integration (the real sandbox
 * over TLS, frames drawn through Ink, the real linter), `*.e2e.test.ts` end to
 * end (the built program in a pseudo-terminal).
 * `npm test` runs them all; `npx vitest run --project unit` one of them.
 */
// React's production build, as the program ships it (scripts/build-parts.mjs): the development build
// records a stack for every element, a tenth of the integration tier's CPU time.
// COLUMNS and LINES: ink-testing-library's stdout has no rows, so at every frame Ink asks terminal-size,
// which without them runs `tput` and `resize` (two child processes a frame, most of the integration
// tier's time); 80x24 is what they answer without a terminal.
// deps.interopDefault: a package is imported as Node imports it (its named exports as Node finds them),
// not through the proxy vitest puts around a package with a default export, which every use of an
// import went through (each JSX element's `jsx` call, say): about 0.4-0.6 s less
// of the unit tier's 19-21 s of CPU in two rounds of pairs (docs/development.md).
const shared = {
  deps: { interopDefault: false },
  testTimeout: 20_000,
  hookTimeout: 30_000,
  env: { NODE_ENV: 'production', COLUMNS: '80', LINES: '24' },
};
const OWN_PROCESS = ['test/tui/run.int.test.tsx', 'test/reliability/crash.int.test.tsx'];
// The unit workers' V8 flag (below); V8 12 (Node 22) has it, an older Node would refuse to start.
const TURBOFAN_LATER = Number(process.versions.v8.split('.')[0]) >= 12 ? ['--invocation-count-for-turbofan=30000'] : [];

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
          // V8's top tier (TurboFan) only for code run ten times as often as by default: a unit test runs
          // most of its code a few thousand times, so optimising it there costs more than it saves, on
          // compiler threads that take the second core from the other worker; the loops of the sorting
          // and paging tests still get it. About 1.5-2 s less of the tier's 18-20 s of CPU, and 0.9 s less
          // wall, in pairs (docs/development.md; TurboFan off altogether saved less: those loops ran
          // twice as long). What the code does is the same at every tier.
          execArgv: TURBOFAN_LATER,
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
