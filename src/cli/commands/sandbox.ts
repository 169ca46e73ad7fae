/** `slotui sandbox [--port N] [--host H] [--data FILE] [--seed N]`: the embedded service, alone. */
import { integerFlag, stringFlag } from '../args.js';
import type { Context } from '../context.js';

/** Beyond this a seeded list is no longer a sample but a memory test. */
const MAX_SEED = 10_000_000;

export async function sandboxCommand(ctx: Context): Promise<number> {
  const port = integerFlag(ctx.flags, 'port', 0, 65_535, 'sandbox');
  const seed = integerFlag(ctx.flags, 'seed', 0, MAX_SEED, 'sandbox');
  const host = stringFlag(ctx.flags, 'host');
  const dataFile = stringFlag(ctx.flags, 'data');
  // Loaded only here: `slotui list` never pays for the sandbox.
  const { runSandboxCommand } = await import('../../sandbox/command.js');
  await runSandboxCommand({ port, host, dataFile, seed, stdout: ctx.io.stdout, signal: ctx.io.signal });
  return 0;
}
