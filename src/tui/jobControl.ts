/**
 * Ctrl+Z and SIGTSTP: the terminal is given back as it was found before the
 * process stops (Ink's frame erased and raw mode off, then the alternate
 * screen left and the cursor shown), and on SIGCONT (`fg`) taken again (the
 * alternate screen, raw mode, a full redraw), so the dashboard hears keys at
 * once. Ink's suspendTerminal does the raw mode and the frame; the alternate
 * screen is ours (terminal.ts), as for the external editor.
 *
 * The stop is the shell's kind, as vim and less do it: SIGTSTP to the whole
 * process group, with our own listener off so its default action (stop)
 * applies. Stopping only this process leaves a wrapper that started it (`sh
 * -c`, npx, a script) running, so the shell never sees the job stop: a blank
 * screen and no prompt. In an orphaned process group (nobody to `fg` it) the
 * system discards the signal; the dashboard then simply takes the terminal
 * back.
 */
import { ENTER_ALTERNATE_SCREEN, HIDE_CURSOR, LEAVE_ALTERNATE_SCREEN, SHOW_CURSOR } from './terminal.js';

export interface JobControlDeps {
  /** Ink's: erases the frame and gives up raw mode until resume(). */
  suspendTerminal: () => Promise<{ resume(): Promise<void> }>;
  stdout: NodeJS.WritableStream;
  /** Stops the process (default: SIGTSTP to its process group, our listener off). */
  stop?: () => void;
  /** Where SIGTSTP and SIGCONT are listened for (default: the process). */
  signals?: Pick<NodeJS.Process, 'on' | 'off' | 'once'>;
  /** How long after the stop, without SIGCONT, the stop is taken not to have happened (an orphaned group). */
  notStoppedAfterMs?: number;
}

export interface JobControl {
  /** Gives the terminal back and stops; comes back on SIGCONT. */
  suspend(): Promise<void>;
  /** Stops listening for SIGTSTP (the dashboard is gone). */
  dispose(): void;
}

/** A stop takes effect at once; this long after it without SIGCONT, it did not happen. */
const NOT_STOPPED_AFTER_MS = 250;

const writeQuietly = (stream: NodeJS.WritableStream, data: string): void => {
  try {
    stream.write(data);
  } catch {
    // The terminal may be gone: nothing to give back on it.
  }
};

export function createJobControl(deps: JobControlDeps): JobControl {
  const signals = deps.signals ?? process;
  let suspended = false;
  let disposed = false;

  const onStopSignal = (): void => void suspend();
  const stopGroup = (): void => {
    // Without a listener Node gives SIGTSTP its default action back: the whole job stops, wrappers too.
    signals.off('SIGTSTP', onStopSignal);
    process.kill(0, 'SIGTSTP');
  };
  const stop = deps.stop ?? stopGroup;

  async function suspend(): Promise<void> {
    if (suspended || disposed) return;
    suspended = true;
    const suspension = await deps.suspendTerminal();
    writeQuietly(deps.stdout, LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
    let back = false;
    const takeBack = (): void => {
      if (back) return;
      back = true;
      signals.off('SIGCONT', takeBack);
      clearTimeout(notStopped);
      if (!disposed) signals.on('SIGTSTP', onStopSignal);
      writeQuietly(deps.stdout, ENTER_ALTERNATE_SCREEN + HIDE_CURSOR);
      void suspension.resume().finally(() => {
        suspended = false;
      });
    };
    signals.once('SIGCONT', takeBack);
    // Never stopped (an orphaned process group discards SIGTSTP): the terminal is taken back all the same.
    const notStopped = setTimeout(takeBack, deps.notStoppedAfterMs ?? NOT_STOPPED_AFTER_MS);
    notStopped.unref?.();
    try {
      stop();
    } catch {
      takeBack();
    }
  }

  signals.on('SIGTSTP', onStopSignal);
  return {
    suspend,
    dispose() {
      disposed = true;
      signals.off('SIGTSTP', onStopSignal);
    },
  };
}
