/**
 * settings.yaml as the dashboard knows it now: what it holds (the parts
 * without problems), its problems, and a generation that grows with each
 * reload. Whatever follows the file (keys, looks, views, plugins, a
 * profile's read-only and refresh) reads it here and subscribes.
 */
import type { SettingsReload, SettingsWatch } from '../../config/settingsWatcher.js';
import type { UserSettings } from '../../config/userSettings.js';
import { problemLine } from '../../config/userSettings.js';
import { Store } from './store.js';

export interface UserSettingsState {
  settings: UserSettings;
  /** Each `settings.yaml:LINE:COL: PATH: MESSAGE`. */
  problems: readonly string[];
  /** Why the last reload was refused (the settings before it hold); null when it was read. */
  refused: string | null;
  /** 0 as read at start, then one more at each reload. */
  generation: number;
}

/** Starts following the file; the store's reload is called with what each change found. */
export type SettingsWatcher = (onReload: (reload: SettingsReload) => void) => SettingsWatch;

export class UserSettingsStore extends Store<UserSettingsState> {
  constructor(settings: UserSettings = {}, problems: readonly string[] = []) {
    super({ settings, problems, refused: null, generation: 0 });
  }

  reload(reload: SettingsReload): void {
    const now = this.getSnapshot();
    const next: UserSettingsState =
      'refused' in reload
        ? { settings: now.settings, problems: [], refused: reload.refused, generation: now.generation + 1 }
        : {
            settings: reload.loaded.settings,
            problems: reload.loaded.problems.map(problemLine),
            refused: null,
            generation: now.generation + 1,
          };
    // The read made as the watcher starts says nothing when the file is as it was at start.
    if (reload.catchUp && sameContent(now, next)) return;
    this.set(next);
  }
}

const sameContent = (a: UserSettingsState, b: UserSettingsState) =>
  a.refused === b.refused && JSON.stringify([a.settings, a.problems]) === JSON.stringify([b.settings, b.problems]);

/** The one line the dashboard says about the settings' problems (the rest of the file holds). */
export function settingsProblemSentence(problems: readonly string[]): string {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `${problems[0]}${more}: the rest of the settings hold (slotui config check lists them).`;
}

/** What the dashboard says after a reload. */
export function reloadSentence(state: UserSettingsState): { text: string; tone: 'info' | 'error' } {
  if (state.refused !== null) return { text: `${state.refused} The settings as they were still hold.`, tone: 'error' };
  if (state.problems.length > 0) return { text: settingsProblemSentence(state.problems), tone: 'error' };
  return { text: 'settings reloaded', tone: 'info' };
}
