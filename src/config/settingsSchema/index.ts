/**
 * The one schema of settings.yaml, composed of one section a file: a new
 * section is its own file here and one line below. The program validates
 * with it, `slotui config schema` prints it as JSON Schema, and the types
 * come from it (no hand-kept interface to drift).
 */
import type * as Zod from 'zod';
import { aliasesSection } from './aliases.js';
import { keysSection } from './keys.js';
import { colorsSection, themeSection } from './looks.js';
import { viewsSection } from './views.js';
import { pluginsSection } from './plugins.js';
import { profilesSection } from './profiles.js';

export interface SchemaOptions {
  /** The action ids keys may be given for (the dashboard's; the config layer does not know them). */
  actions?: readonly [string, ...string[]];
}

/** Strict objects everywhere: a name the schema does not know is a problem, with a did-you-mean. */
export function settingsSchema(z: typeof Zod, options: SchemaOptions = {}) {
  return z
    .strictObject({
      profiles: profilesSection(z),
      keys: keysSection(z, options.actions),
      aliases: aliasesSection(z),
      theme: themeSection(z),
      colors: colorsSection(z),
      views: viewsSection(z),
      plugins: pluginsSection(z),
    })
    .describe('slotui settings (settings.yaml, beside config.json).');
}

export type UserSettings = Zod.infer<ReturnType<typeof settingsSchema>>;
export type ProfileSettings = NonNullable<UserSettings['profiles']>[string];
