/**
 * `plugins:` in settings.yaml: commands of the user's own, run on the
 * selected record or the marked ones from the dashboard (by their key) or
 * with `slotui plugin run` (src/domain/plugins.ts says what they are given).
 */
import type * as Zod from 'zod';
import { TRUE_OR_FALSE } from './truth.js';
import { WIRE_REGISTRY } from '../../api/resources.js';

/** A plugin's key: one character, or ctrl+<letter> (`o`, `O`, `ctrl+o`). */
const KEY = /^(?:[!-~]|ctrl\+[a-z])$/i;
const NAME = /^[a-z0-9][a-z0-9_.-]{0,39}$/i;

function pluginSchema(z: typeof Zod) {
  return z
    .strictObject({
      name: z
        .string()
        .regex(NAME, 'must be 1 to 40 letters, digits, ".", "_" or "-", starting with a letter or digit')
        .describe('What `slotui plugin run NAME` and the help call it.'),
      key: z
        .string()
        .regex(KEY, 'must be one character (x, X, !) or ctrl+<letter>')
        .describe('The key that runs it in the dashboard: one character, or ctrl+<letter>.')
        .optional(),
      description: z.string().max(200).describe('One line for the help.').optional(),
      resources: z
        .array(
          z
            .string()
            .refine(
              (word) => WIRE_REGISTRY.resolve(word) !== undefined,
              `must be a resource: ${WIRE_REGISTRY.names.join(', ')}`,
            ),
        )
        .min(1)
        .describe('The resources it runs on (default: every one).')
        .optional(),
      contexts: z
        .array(z.enum(['list', 'details']))
        .min(1)
        .describe('Where its key works: the list, the details (default: both).')
        .optional(),
      command: z
        .array(z.string().max(4096))
        .min(1)
        .max(256)
        .refine((argv) => argv[0] !== '', 'must name a program first')
        .describe(
          'The program and its arguments, run without a shell. $SLOTUI_ID, $SLOTUI_IDS, $SLOTUI_NAME, $SLOTUI_RESOURCE, $SLOTUI_PROFILE and $SLOTUI_BASE_URL are replaced when they are a whole argument.',
        ),
      stdin: z
        .enum(['none', 'records'])
        .describe('records: the records as one JSON array on its standard input.')
        .optional(),
      confirm: z.boolean({ error: TRUE_OR_FALSE }).describe('Ask [y/N] before running it.').optional(),
      dangerous: z.boolean({ error: TRUE_OR_FALSE }).describe('It changes things: refused under read-only.').optional(),
      interactive: z
        .boolean({ error: TRUE_OR_FALSE })
        .describe('It takes the terminal (as the editor does); else its output shows in the dashboard.')
        .optional(),
    })
    .describe('A command of your own, run on records.');
}

export function pluginsSection(z: typeof Zod) {
  return z
    .array(pluginSchema(z))
    .max(100)
    .superRefine((plugins, check) => {
      const seen = new Set<string>();
      plugins.forEach((plugin, index) => {
        if (seen.has(plugin.name.toLowerCase()))
          check.addIssue({ code: 'custom', path: [index, 'name'], message: `"${plugin.name}" names two plugins` });
        seen.add(plugin.name.toLowerCase());
      });
    })
    .describe('Commands of your own, run on the selected or marked records (docs/configuration.md "Plugins").')
    .optional();
}
