/**
 * `keys:` in settings.yaml: an action id → the key or keys that replace its
 * defaults (`[]` turns the action off): `keys: { next-page: [n, ctrl+f],
 * delete: [] }`. The action ids and what a key name may be are checked where
 * the keymap is (src/tui/input/keySettings.ts); `slotui config schema` lists
 * the ids, given them by the command.
 */
import type * as Zod from 'zod';

export function keysSection(z: typeof Zod, actions?: readonly [string, ...string[]]) {
  const keys = z
    .union([z.string(), z.array(z.string())])
    .describe(
      'A key (x, X, /, enter, esc, tab, shift+tab, space, backspace, delete, up, down, left, right, home, end, pgup, pgdn, ctrl+LETTER, alt+KEY) or a list of them; [] turns the action off.',
    );
  const byAction = actions ? z.partialRecord(z.enum(actions), keys) : z.record(z.string(), keys);
  return byAction
    .describe('The keys of an action, replacing its defaults (docs/keys.md lists the actions).')
    .optional();
}
