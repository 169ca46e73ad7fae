// `npm test`: the build when a source is newer than dist/, then the checks (`npm run check`) beside
// `vitest run`. Both are CPU-bound but vitest's integration and e2e files wait on sockets and
// child processes part of the time, which the checks fill: on the 2-core machine the two side
// by side take about 6 % less time than one after the other. vitest's output is shown as it
// comes; the checks' is held and shown after it, so the two never mix. The exit status is
// vitest's, or the checks' when vitest passed.
//
//   node scripts/test.mjs [vitest arguments…]
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';

await import('./build-if-stale.mjs');

/** Runs a command found on PATH (npm puts node_modules/.bin first); resolves its exit status. */
function run(command, args, stdio) {
  const child = spawn(command, args, { stdio });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      output.push(Buffer.from(`${command}: ${error.message}\n`));
      resolve({ code: 1, output });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const checks = run('npm', ['run', '--silent', 'check'], ['ignore', 'pipe', 'pipe']);
const tests = await run('vitest', ['run', ...process.argv.slice(2)], 'inherit');
const checked = await checks;
process.stdout.write(Buffer.concat(checked.output));
console.log(checked.code === 0 ? 'Checks passed.' : `Checks failed (exit ${checked.code}): see above.`);
process.exitCode = tests.code !== 0 ? tests.code : checked.code;
