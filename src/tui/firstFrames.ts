/**
 * The dashboard's frames before Ink draws them. Ink, React and the layout
 * engine take about as long to load and make their first frame as everything
 * before them; meanwhile view/paint.ts draws the dashboard's view model as
 * Ink would, at once and again whenever it changes (the service's page
 * replacing the kept one), so the first frames do not wait for them.
 *
 * Ink loads once the page shown is in (nothing is loading) or after
 * INK_WAIT_MS, whichever is first, and at once when the screen is one the
 * painter leaves to Ink. Its code is compiled synchronously, so loading it
 * earlier would hold back the page's answer by as long. Keys typed meanwhile
 * wait in the terminal (raw mode is already on) and are taken in order once
 * Ink reads them.
 */
import type { DashboardViewModel } from './view/viewModel.js';
import { paintDashboard } from './view/paint.js';
import type { Shell } from './shell.js';

/**
 * How long the dashboard waits for the page shown before Ink loads anyway: a
 * near service answers well within it; a person reading the first frame takes
 * longer than this to press a key.
 */
export const INK_WAIT_MS = 250;

const HOME = '\u001b[H';
const HOME_AND_CLEAR = '\u001b[H\u001b[2J';

export interface FirstFrames {
  /** Resolves when Ink should load: the page shown is in, the wait is over, or the screen is Ink's to draw. */
  readonly inkWanted: Promise<void>;
  /**
   * Stops drawing and leaves the cursor where Ink starts its first frame (the top left).
   * The screen is cleared unless it shows the current view exactly (Ink's first frame only
   * overwrites, it erases nothing).
   */
  handOver(): void;
  /** Stops drawing, writing nothing more (the dashboard ended before Ink took over). */
  stop(): void;
}

export function drawUntilInk(shell: Shell, stdout: NodeJS.WritableStream, waitMs = INK_WAIT_MS): FirstFrames {
  let drawn: string | undefined;
  let stopped = false;
  let wanted!: () => void;
  const inkWanted = new Promise<void>((resolve) => (wanted = resolve));
  const timer = setTimeout(() => wanted(), waitMs);
  timer.unref?.();

  const viewNow = (): DashboardViewModel | undefined => {
    const state = shell.getSnapshot();
    return state.kind === 'dashboard' ? state.dashboard.view.getSnapshot() : undefined;
  };
  const draw = (): void => {
    if (stopped) return;
    const view = viewNow();
    const frame = view && paintDashboard(view);
    if (frame === undefined) {
      drawn = undefined;
      wanted();
      return;
    }
    if (frame !== drawn) stdout.write(frame);
    drawn = frame;
    if (view?.status.loading === null) wanted();
  };

  // The dashboard's view changes without the shell's; the shell's change may bring another dashboard.
  let unwatchView = (): void => undefined;
  const watch = (): void => {
    unwatchView();
    const state = shell.getSnapshot();
    unwatchView = state.kind === 'dashboard' ? state.dashboard.view.subscribe(draw) : () => undefined;
    draw();
  };
  const unwatchShell = shell.subscribe(watch);
  watch();

  return {
    inkWanted,
    handOver() {
      if (stopped) return;
      this.stop();
      const view = viewNow();
      const current = view && paintDashboard(view);
      stdout.write(current !== undefined && current === drawn ? HOME : HOME_AND_CLEAR);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      unwatchShell();
      unwatchView();
      wanted();
    },
  };
}
