/**
 * The screen ladder: which screen is on top, from the state alone. An open
 * form (or its picker or
 * question), a plugin's question or output, the profile list, the help, used-by and the relations tree; below
 * them the details or the list, with the line of the command line, the filter
 * or the burn calculator over it. The key layers (controllers/layers.ts) and
 * the view model (view/viewModel.ts) both follow it, so what is drawn is what
 * gets the keys.
 */
import type { FormsState } from '../forms/formsStore.js';
import type { ProfilePickerView } from '../profiles.js';
import type { NavState } from '../state/navigation.js';
import type { PluginRunState } from '../state/pluginRun.js';
import type { RelationsView } from '../state/relationsStore.js';

/** An input line over the list or the details, owning the keyboard. */
type InputOverlay = 'command' | 'filter' | 'burn';

export type Screen =
  | { kind: 'forms'; state: Exclude<FormsState, { kind: 'none' }> }
  | { kind: 'plugin'; state: Exclude<PluginRunState, { kind: 'none' }> }
  | { kind: 'profiles'; view: ProfilePickerView }
  | { kind: 'help' }
  | { kind: 'relations'; view: RelationsView }
  | { kind: 'detail'; line: InputOverlay | null }
  | { kind: 'list'; line: InputOverlay | null };

interface LadderState {
  forms: FormsState;
  profiles: ProfilePickerView | null;
  nav: NavState;
  relations: RelationsView | null;
  plugin: PluginRunState;
}

export function topScreen(s: LadderState): Screen {
  if (s.forms.kind !== 'none') return { kind: 'forms', state: s.forms };
  if (s.plugin.kind !== 'none') return { kind: 'plugin', state: s.plugin };
  if (s.profiles) return { kind: 'profiles', view: s.profiles };
  if (s.nav.overlay === 'help') return { kind: 'help' };
  if (s.relations) return { kind: 'relations', view: s.relations };
  const line = s.nav.overlay === 'none' ? null : s.nav.overlay;
  return s.nav.details.length > 0 ? { kind: 'detail', line } : { kind: 'list', line };
}
