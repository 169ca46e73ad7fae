/**
 * Follows settings.yaml while the dashboard runs: a save (in place, or as
 * editors do, a new file renamed over the old), a first creation or a
 * removal is read again and checked (ownership and mode too, as at start)
 * and handed on, debounced, so one save is one reload. chokidar does the
 * watching: it copes with editors' atomic saves and a file not there yet.
 */
import { SlotuiError } from '../api/errors.js';
import { loadSettings, settingsPath, type LoadedSettings } from './userSettings.js';

/**
 * What a reload found: the settings read, or why the file was refused (one
 * sentence). `catchUp`: the read made once the watcher is in place, for a save
 * made while it was being set up (most often nothing changed since the start).
 */
export type SettingsReload = ({ loaded: LoadedSettings } | { refused: string }) & { catchUp?: true };

export interface SettingsWatch {
  /** Resolves once the watcher is in place (changes before it are not seen). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** How long a burst of file events is let settle before one reload (the interface promises 2 s). */
const SETTINGS_DEBOUNCE_MS = 250;

export function watchSettingsFile(
  configDir: string,
  onReload: (reload: SettingsReload) => void,
  debounceMs = SETTINGS_DEBOUNCE_MS,
): SettingsWatch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const reload = (catchUp?: true) => {
    timer = undefined;
    if (closed) return;
    const how = catchUp ? { catchUp } : {};
    try {
      onReload({ loaded: loadSettings(configDir), ...how });
    } catch (error) {
      onReload({ refused: error instanceof SlotuiError ? error.message : String(error), ...how });
    }
  };
  const changed = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => reload(), debounceMs);
    // A reload still to come must not keep a finished program alive.
    timer.unref();
  };
  // Loaded here, after the dashboard's first frame (most starts never need it), and a turn of the
  // event loop later: what that frame set off first, the first page's request, goes out before
  // chokidar loads and looks at the folder.
  const watcher = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => import('chokidar'))
    .then(({ watch }) => {
      const w = watch(settingsPath(configDir), { ignoreInitial: true, atomic: true, persistent: false });
      w.on('all', changed);
      return new Promise<typeof w>((resolve) => w.once('ready', () => resolve(w)));
    });
  // A save between the start's read and the watcher being in place would be missed: read once more.
  const ready = watcher.then(() => reload(true));
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      await (await watcher).close();
    },
  };
}
