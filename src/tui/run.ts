/**
 * runDashboard(deps): the full-screen dashboard on a real terminal. It owns
 * the terminal's state for as long as it runs and gives it back on every
 * way out: q and Ctrl+C (exit 0), SIGTERM/SIGHUP/SIGINT/SIGQUIT, an exception while
 * rendering (error boundary) or anywhere else (process handlers, attached only
 * while the dashboard runs): terminal restored, one sentence on stderr, exit 1.
 * Whichever way it ends, a form with something typed is kept as a draft first.
 */
import type { Instance } from 'ink';
import { describeError, redact } from '../api/errors.js';
import { sanitizeLine } from '../text/sanitize.js';
import { crashLogNote, writeCrashLog } from '../crashLog.js';
import { Shell } from './shell.js';
import { keepHeapSmall } from '../startup/heap.js';
import { createTerminalGuard } from './terminal.js';
import { truncate } from '../text/width.js';
import { drawUntilInk, type FirstFrames } from './firstFrames.js';
import type { DashboardDeps, RunDashboard } from './types.js';

// SIGQUIT (kill -QUIT; Ctrl+\ is a key in raw mode) ends the program like SIGTERM, the terminal restored.
const SIGNAL_CODES = { SIGINT: 0, SIGTERM: 128 + 15, SIGHUP: 128 + 1, SIGQUIT: 128 + 3 } as const;
type HandledSignal = keyof typeof SIGNAL_CODES;
const TYPEAHEAD_MS = 400;

/** The one sentence printed after a crash (token redacted, server text made safe). */
export function crashSentence(error: unknown, secrets: readonly (string | undefined)[]): string {
  const detail = describeError(error).replace(/^Unexpected error: /, '');
  const safe = truncate(sanitizeLine(redact(detail, secrets)).trim(), 300);
  return `The dashboard stopped on an unexpected error (${safe}).`;
}

export const runDashboard: RunDashboard = (deps: DashboardDeps) =>
  new Promise<number>((resolve) => {
    const { stdin, stdout, stderr } = deps;
    const guard = createTerminalGuard(stdin, stdout);
    let instance: Instance | undefined;
    // Before Ink takes over: the shell (Ink's App disposes of it once mounted) and the frames drawn without Ink.
    let shell: Shell | undefined;
    let frames: FirstFrames | undefined;
    let finished = false;
    let terminalGone = false;

    // A form's text is kept as a draft on every way out, not only Ctrl+C: a hang-up over SSH too.
    let keepDraft: (() => string | undefined) | null = null;
    /** Keeps an open form's text; what to say about it once the terminal is back. */
    const keepWhatWasTyped = (): string | undefined => {
      try {
        return keepDraft?.();
      } catch {
        // Leaving anyway: the terminal comes first.
        return undefined;
      }
    };

    // The terminal is gone (an SSH connection dropped, a window closed): writes fail with EIO and
    // reads end, maybe before SIGHUP arrives. The first sign of it keeps the draft and ends, as SIGHUP does.
    const terminalLost = () => {
      if (finished) return;
      terminalGone = true;
      keepWhatWasTyped();
      finish(SIGNAL_CODES.SIGHUP);
    };
    const ignoreStreamError = () => terminalLost();
    const signalHandlers = new Map<HandledSignal, () => void>();
    const detach = () => {
      for (const [signal, handler] of signalHandlers) process.off(signal, handler);
      process.off('uncaughtException', crash);
      process.off('unhandledRejection', crash);
      process.off('exit', restoreOnExit);
      stdin.off('end', terminalLost);
      stdin.off('error', terminalLost);
      // After a hang-up, late writes to the dead terminal must not become uncaught errors.
      if (!terminalGone) stdout.off('error', ignoreStreamError);
    };

    const finish = (code: number, sentence?: string) => {
      if (finished) return;
      finished = true;
      frames?.stop();
      try {
        if (instance) instance.unmount();
        else shell?.dispose();
      } catch {
        // Unmounting a broken tree may throw; the terminal is restored below regardless.
      }
      guard.restore();
      detach();
      if (sentence) {
        try {
          stderr.write(`${sentence}\n`);
        } catch {
          // stderr gone too: the exit code still says it.
        }
      }
      resolve(code);
    };

    function crash(error: unknown): void {
      if (finished) return;
      // The details go to a file in the config folder (token redacted); the terminal gets one line.
      const draftNote = keepWhatWasTyped();
      const secrets = [deps.settings.token, ...(deps.secrets ?? [])]; // with the tokens pasted in the setup flow
      const log = writeCrashLog(error, { configDir: deps.settings.configDir, secrets, context: 'dashboard' });
      finish(1, `${crashSentence(error, secrets)} ${crashLogNote(log)}${draftNote ? ` ${draftNote}` : ''}`);
    }
    // Last resort: something calls process.exit() while we run.
    function restoreOnExit(): void {
      guard.restore();
    }

    for (const signal of Object.keys(SIGNAL_CODES) as HandledSignal[]) {
      const handler = () => {
        if (signal === 'SIGHUP') terminalGone = true;
        const draftNote = keepWhatWasTyped();
        // After a hang-up nobody reads the terminal.
        finish(SIGNAL_CODES[signal], terminalGone ? undefined : draftNote);
      };
      signalHandlers.set(signal, handler);
      // First in line: another library's handler may end the process once it has run.
      process.prependListener(signal, handler);
    }
    process.on('uncaughtException', crash);
    process.on('unhandledRejection', crash);
    process.on('exit', restoreOnExit);
    stdout.on('error', ignoreStreamError);
    stdin.on('end', terminalLost);
    stdin.on('error', terminalLost);

    guard.enter();
    try {
      const opened = new Shell({
        client: deps.client,
        settings: deps.settings,
        stdout,
        now: deps.now,
        openProfile: deps.openProfile,
        listProfiles: deps.listProfiles,
        drafts: deps.drafts,
        keptPages: deps.keptPages,
        onDraftKeeper: (keep) => {
          keepDraft = keep;
        },
        demo: deps.demo,
        auth: deps.auth,
        firstPage: deps.firstPage,
        watchSettings: deps.watchSettings,
        // A person's reaction time: keys typed for the dashboard as a 401 opens the re-login are not the token.
        typeaheadMs: TYPEAHEAD_MS,
        onGathering: keepHeapSmall,
        onQuit: (code, note) => setImmediate(() => finish(code, note)),
      });
      shell = opened;
      // The first frames are drawn at once, without Ink (firstFrames.ts); Ink takes over after them.
      const drawing = drawUntilInk(opened, stdout);
      frames = drawing;
      void drawing.inkWanted
        .then(() => import('./inkRoot.js'))
        .then(async ({ inkReady, mountInk }) => {
          await inkReady;
          if (finished) return;
          drawing.handOver();
          instance = mountInk(opened, { stdin, stdout, stderr }, crash);
          instance.waitUntilExit().then(
            () => finish(0),
            (error: unknown) => crash(error),
          );
        })
        .catch(crash);
    } catch (error) {
      crash(error);
    }
  });
