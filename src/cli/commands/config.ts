/**
 * `slotui config path|schema|check`: where settings.yaml is, the JSON Schema
 * editors complete it with, and every problem it has (`settings.yaml:LINE:COL:
 * PATH: MESSAGE`, exit 3; 0 when fine, also when there is no file; 1 when it
 * cannot be read).
 */
import { configDirFrom } from '../../config/paths.js';
import { loadSettings, problemLine, settingsJsonSchema, settingsPath } from '../../config/userSettings.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { usageError } from '../args.js';
import type { Context } from '../context.js';

const ACTIONS = ['path', 'schema', 'check'] as const;

/** The dashboard's action ids, for the schema's `keys:` (its code loaded only here). */
async function actionIds(): Promise<[string, ...string[]]> {
  const { BINDINGS } = await import('../../tui/keys.js');
  const [first, ...rest] = [...new Set(BINDINGS.map((b) => b.id))];
  return [first!, ...rest];
}

export async function configCommand(ctx: Context, [action = '']: string[]): Promise<number> {
  const dir = configDirFrom(ctx.io.env);
  switch (action) {
    case 'path':
      await ctx.out.write(`${settingsPath(dir)}\n`);
      return 0;
    case 'schema':
      await ctx.out.write(`${JSON.stringify(settingsJsonSchema({ actions: await actionIds() }), null, 2)}\n`);
      return 0;
    case 'check': {
      // What only the keymap can judge (action ids, key names, clashes; plugin keys against the keys in
      // effect), placed in the file as the schema's problems are. The dashboard's code is loaded only here.
      const [{ withPluginKeys }, { BINDINGS, createKeymap }, { keyOverrides }, { aliasesFrom }] = await Promise.all([
        import('../../tui/plugins.js'),
        import('../../tui/keys.js'),
        import('../../tui/input/keySettings.js'),
        import('../../tui/aliases.js'),
      ]);
      const loaded = loadSettings(dir, undefined, (settings) => {
        const keys = keyOverrides(settings.keys, BINDINGS);
        const keymap = createKeymap(keys.overrides);
        return [
          ...keys.problems,
          ...(settings.plugins ? withPluginKeys(keymap, settings.plugins, { readOnly: false }).problems : []),
          ...aliasesFrom(settings.aliases, ctx.registry).problems,
        ];
      });
      for (const problem of loaded.problems) await ctx.out.write(`${sanitizeLine(problemLine(problem))}\n`);
      if (loaded.problems.length > 0) return 3;
      ctx.err.line(
        loaded.exists ? `${loaded.file} is fine.` : `There is no ${loaded.file}: every setting is its default.`,
      );
      return 0;
    }
    default:
      throw usageError(
        `\`slotui config\` takes ${ACTIONS.join(', ')} (got "${sanitizeLine(action).slice(0, 40)}").`,
        'config',
      );
  }
}
