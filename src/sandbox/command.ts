/**
 * `slotui sandbox`: runs the embedded service alone and prints how to reach
 * it, one KEY=value a line, so a shell can `eval` or `export` the output.
 */
import { startSandbox } from './server.js';
import type { SandboxHandle } from './types.js';

export interface SandboxCommandOptions {
  port?: number;
  host?: string;
  /** Allows a host that is not loopback (see hosts.ts). */
  expose?: boolean;
  dataFile?: string;
  seed?: number;
  stdout: NodeJS.WritableStream;
  /** Stops the sandbox when aborted; without one, SIGINT or SIGTERM stops it. */
  signal?: AbortSignal;
  /** Called once the sandbox listens (tests use it to reach the running handle). */
  onStarted?: (handle: SandboxHandle) => void;
}

export async function runSandboxCommand(opts: SandboxCommandOptions): Promise<void> {
  const sandbox = await startSandbox({
    port: opts.port,
    host: opts.host,
    expose: opts.expose,
    dataFile: opts.dataFile,
    seed: opts.seed,
  });
  try {
    // The token is the sandbox's own throwaway token: printing it is the point of this command.
    opts.stdout.write(
      `SLOTUI_BASE_URL=${sandbox.baseUrl}\n` +
        `SLOTUI_FRONTEND_URL=${sandbox.frontendUrl}\n` +
        `SLOTUI_CA_FILE=${sandbox.caFile}\n` +
        `SLOTUI_TOKEN=${sandbox.token}\n`,
    );
    opts.onStarted?.(sandbox);
    await stopRequested(opts.signal);
  } finally {
    await sandbox.close();
  }
}

function stopRequested(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
