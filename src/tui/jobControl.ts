/**
 * Ctrl+Z and SIGTSTP: the terminal is given back as it was found before the
 * process stops (Ink's frame erased and raw mode off, then the alternate
 * screen left and the cursor shown), and on SIGCONT (`fg`) taken again (the
 * alternate screen, raw mode, a full redraw), so the dashboard hears keys at
 * once. Ink's suspendTerminal does the raw mode and the frame; the alternate
 * screen is ours (terminal.ts), as for the external editor.
 */
import { ENTER_ALTERNATE_SCREEN, HIDE_CURSOR, LEAVE_ALTERNATE_SCREEN, SHOW_CURSOR } from './terminal.js';

export interface JobControlDeps {
  /** Ink's: erases the frame and gives up raw mode until resume(). */
  suspendTerminal: () => Promise<{ resume(): Promise<void> }>;
  stdout: NodeJS.WritableStream;
  /** Stops the process (default: SIGSTOP to itself, which no handler can catch or loop on). */
  stop?: () => void;
  /** Where SIGTSTP and SIGCONT are listened for (default: the process). */
  signals?: Pick<NodeJS.Process, 'on' | 'off' | 'once'>;
}

export interface JobControl {
  /** Gives the terminal back and stops; comes back on SIGCONT. */
  suspend(): Promise<void>;
  /** Stops listening for SIGTSTP (the dashboard is gone). */
  dispose(): void;
}

const writeQuietly = (stream: NodeJS.WritableStream, data: string): void => {
  try {
    stream.write(data);
  } catch {
    // The terminal may be gone: nothing to give back on it.
  }
};

export function createJobControl(deps: JobControlDeps): JobControl {
  const signals = deps.signals ?? process;
  const stop = deps.stop ?? (() => process.kill(process.pid, 'SIGSTOP'));
  let suspended = false;
  let disposed = false;

  async function suspend(): Promise<void> {
    if (suspended || disposed) return;
    suspended = true;
    const suspension = await deps.suspendTerminal();
    writeQuietly(deps.stdout, LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
    signals.once('SIGCONT', () => {
      writeQuietly(deps.stdout, ENTER_ALTERNATE_SCREEN + HIDE_CURSOR);
      void suspension.resume().finally(() => {
        suspended = false;
      });
    });
    stop();
  }

  const onStopSignal = (): void => void suspend();
  signals.on('SIGTSTP', onStopSignal);
  return {
    suspend,
    dispose() {
      disposed = true;
      signals.off('SIGTSTP', onStopSignal);
    },
  };
}
