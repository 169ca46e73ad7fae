// Timing of whole processes (the CLI and curl): wall time from spawn to exit,
// with stdout drained (counted, and optionally kept), and peak memory through
// /usr/bin/time when asked.
import { clearTimeout, setTimeout } from 'node:timers';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const TIME_BIN = '/usr/bin/time';
const MAXRSS_MARK = 'SLOTUI_BENCH_MAXRSS_KIB=';

export const canMeasurePeak = existsSync(TIME_BIN);

/**
 * Runs `file args` to completion. Resolves { ms, code, stdoutBytes, stdout?, stderr, peakKiB? }.
 * keepStdout: keep the output text (for checking it); peak: wrap in /usr/bin/time -f %M.
 */
export function runProcess(
  file,
  args,
  { env = process.env, timeoutMs = 120_000, keepStdout = false, peak = false } = {},
) {
  const [cmd, argv] = peak && canMeasurePeak ? [TIME_BIN, ['-f', `${MAXRSS_MARK}%M`, file, ...args]] : [file, args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdoutBytes += chunk.length;
      if (keepStdout) out.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 64_000) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file} ${args.join(' ')} did not finish within ${timeoutMs} ms.`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      let peakKiB;
      const mark = stderr.lastIndexOf(MAXRSS_MARK);
      if (mark >= 0) {
        peakKiB = Number.parseInt(stderr.slice(mark + MAXRSS_MARK.length), 10);
        stderr = stderr.slice(0, mark);
      }
      resolve({
        ms,
        code,
        stdoutBytes,
        stdout: keepStdout ? Buffer.concat(out).toString('utf8') : undefined,
        stderr,
        peakKiB,
      });
    });
  });
}
