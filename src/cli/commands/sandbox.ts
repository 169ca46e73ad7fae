/** `slotui sandbox [--port N] [--host H [--expose]] [--data FILE] [--seed N]`: the embedded service, alone. */
import { SlotuiError } from '../../api/errors.js';
import { isLoopbackHost } from '../../sandbox/hosts.js';
import { booleanFlag, integerFlag, stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';

/** Beyond this a seeded list is no longer a sample but a memory test. */
const MAX_SEED = 10_000_000;

/** Listening failures the user can fix (another port, another address): not bugs. */
const LISTEN_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'is already in use; give another --port, or none for a free one',
  EACCES: 'needs privileges this user does not have; give a --port above 1023',
  EADDRNOTAVAIL: 'is not an address of this machine; give another --host',
};

export async function sandboxCommand(ctx: Context): Promise<number> {
  const port = integerFlag(ctx.flags, 'port', 0, 65_535, 'sandbox');
  const seed = integerFlag(ctx.flags, 'seed', 0, MAX_SEED, 'sandbox');
  const host = stringFlag(ctx.flags, 'host');
  const dataFile = stringFlag(ctx.flags, 'data');
  const expose = booleanFlag(ctx.flags, 'expose');
  if (host !== undefined && !isLoopbackHost(host) && !expose) {
    throw usageError(
      `--host ${shownHost(host)} is not a loopback address, so anyone who can reach it could get a token from the sandbox's /login without a password and change its data; add --expose to serve it there anyway.`,
      'sandbox',
    );
  }
  // Loaded only here: `slotui list` never pays for the sandbox.
  const [{ runSandboxCommand }, { DataFileError }] = await Promise.all([
    import('../../sandbox/command.js'),
    import('../../sandbox/persist.js'),
  ]);
  if (host !== undefined && !isLoopbackHost(host)) ctx.err.line(exposedWarning(host, port, dataFile));
  try {
    await runSandboxCommand({ port, host, expose, dataFile, seed, stdout: ctx.io.stdout, signal: ctx.io.signal });
  } catch (error) {
    // A data file or an address the user gave that cannot be used: their input, said in one line.
    if (error instanceof DataFileError) throw new SlotuiError('config', error.message, { cause: error });
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const problem = LISTEN_PROBLEMS[code];
    if (problem && (error as { syscall?: string }).syscall === 'listen') {
      throw new SlotuiError(
        'config',
        `The sandbox cannot listen on ${shownHost(host ?? '127.0.0.1')}:${port ?? 0}: that address ${problem}.`,
        { cause: error },
      );
    }
    throw error;
  }
  return 0;
}

const shownHost = (host: string): string => host.replace(/[^\x20-\x7e]/g, '?').slice(0, 60);

/** Who can reach an exposed sandbox, and what they can do there. */
function exposedWarning(host: string, port: number | undefined, dataFile: string | undefined): string {
  const where = port ? `${shownHost(host)} port ${port}` : `${shownHost(host)} (the port is in SLOTUI_BASE_URL below)`;
  const writes = dataFile ? `, and every change they make is written to ${dataFile}` : '';
  return `slotui: warning: the sandbox listens on ${where}: anyone who can reach this machine there can get a token from its /login without a password and read, create, change and delete its records${writes}.`;
}
