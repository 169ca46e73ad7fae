/**
 * The one schema of settings.yaml, composed of one section a file: a new
 * section is its own file here and one line below. The program validates
 * with it, `slotui config schema` prints it as JSON Schema, and the types
 * come from it (no hand-kept interface to drift).
 */
import type * as Zod from 'zod';
import { pluginsSection } from './plugins.js';
import { profilesSection } from './profiles.js';

/** Strict objects everywhere: a name the schema does not know is a problem, with a did-you-mean. */
export function settingsSchema(z: typeof Zod) {
  return z
    .strictObject({
      profiles: profilesSection(z),
      plugins: pluginsSection(z),
    })
    .describe('slotui settings (settings.yaml, beside config.json).');
}

export type UserSettings = Zod.infer<ReturnType<typeof settingsSchema>>;
export type ProfileSettings = NonNullable<UserSettings['profiles']>[string];
export type PluginSettings = NonNullable<UserSettings['plugins']>[number];
