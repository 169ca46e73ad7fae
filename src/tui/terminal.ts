/**
 * Taking the terminal and giving it back exactly as found: raw mode, alternate
 * screen, hidden cursor and bracketed paste on entry; raw mode off, cursor shown and the normal
 * screen back, bracketed paste off, on exit. restore() is idempotent, so every exit path (q,
 * Ctrl+C, signals, a crash, process exit) can call it without care.
 */
export const ENTER_ALTERNATE_SCREEN = '\u001b[?1049h';
export const LEAVE_ALTERNATE_SCREEN = '\u001b[?1049l';
export const HIDE_CURSOR = '\u001b[?25l';
export const SHOW_CURSOR = '\u001b[?25h';
/**
 * Bracketed paste: on from the first frame, before Ink loads and turns it on for the pastes it
 * hands over (src/tui/firstFrames.ts), so a paste waiting in the terminal meanwhile still reads
 * as a paste, never as keys; off on every way out, even one that skips Ink.
 */
const BRACKETED_PASTE_ON = '\u001b[?2004h';
const BRACKETED_PASTE_OFF = '\u001b[?2004l';
const HOME_AND_CLEAR = '\u001b[H\u001b[2J';

export interface TerminalGuard {
  enter(): void;
  restore(): void;
  readonly restored: boolean;
}

function writeQuietly(stream: NodeJS.WritableStream, data: string): void {
  try {
    stream.write(data);
  } catch {
    // The terminal may be gone (hang-up): nothing left to restore on it.
  }
}

export function createTerminalGuard(stdin: NodeJS.ReadStream, stdout: NodeJS.WritableStream): TerminalGuard {
  let entered = false;
  let restored = false;
  return {
    get restored() {
      return restored;
    },
    enter() {
      if (entered) return;
      entered = true;
      // Raw mode before the first frame, not when Ink's input effect runs after it: a key typed as
      // the frame appears would otherwise be echoed onto it by the terminal, and Enter read as a
      // line feed (the terminal's own translation), not as Enter.
      try {
        if (stdin.isTTY && typeof stdin.setRawMode === 'function') stdin.setRawMode(true);
      } catch {
        // Not a terminal after all (closed): Ink will say so.
      }
      writeQuietly(stdout, ENTER_ALTERNATE_SCREEN + HIDE_CURSOR + BRACKETED_PASTE_ON + HOME_AND_CLEAR);
    },
    restore() {
      if (!entered || restored) return;
      restored = true;
      try {
        if (stdin.isTTY && typeof stdin.setRawMode === 'function') stdin.setRawMode(false);
      } catch {
        // Already closed.
      }
      writeQuietly(stdout, BRACKETED_PASTE_OFF + LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
    },
  };
}
