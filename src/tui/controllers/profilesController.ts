/** `:profile` alone: the list of stored profiles (↑ ↓, typing narrows the names, Enter switches, Esc goes back). */
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import type { ProfileSwitcher } from '../profiles.js';

export const profilesBindings = [
  { id: 'up', keys: ['↑'], description: 'move up', group: 'Profiles', when: ['profiles'] },
  {
    id: 'down',
    keys: ['↓'],
    description: 'move down',
    hint: 'move',
    group: 'Profiles',
    when: ['profiles'],
  },
  {
    id: 'profiles-choose',
    keys: ['Enter'],
    description: 'switch to the selected profile (typing narrows the list by name)',
    hint: 'switch',
    group: 'Profiles',
    when: ['profiles'],
  },
  {
    id: 'back',
    keys: ['Esc'],
    description: 'back, keeping the profile in use',
    hint: 'back',
    group: 'Profiles',
    when: ['profiles'],
  },
] as const satisfies readonly Binding[];

export function createProfilesController(profiles: ProfileSwitcher): { layer(): KeyLayer } {
  const handlers: HandlersOf<typeof profilesBindings> = {
    up: () => profiles.move(-1),
    down: () => profiles.move(1),
    'profiles-choose': profiles.choose,
    back: profiles.close,
  };
  return { layer: () => ({ context: 'profiles', owns: true, handlers, text: profiles.type }) };
}
