/**
 * `slotui config path|schema|check|edit`: where settings.yaml is, the JSON
 * Schema editors complete it with, every problem it has (`settings.yaml:LINE:COL:
 * PATH: MESSAGE`, exit 3; 0 when fine, also when there is no file; 1 when it
 * cannot be read), and the file in the user's editor, checked after.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { configDirFrom } from '../../config/paths.js';
import { withViews } from '../../presentation/views.js';
import { loadSettings, problemLine, settingsJsonSchema, settingsPath } from '../../config/userSettings.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { usageError } from '../args.js';
import type { Context } from '../context.js';

const ACTIONS = ['path', 'schema', 'check', 'edit'] as const;

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
    case 'check':
      return check(ctx, dir);
    case 'edit':
      return edit(ctx, dir);
    default:
      throw usageError(
        `\`slotui config\` takes ${ACTIONS.join(', ')} (got "${sanitizeLine(action).slice(0, 40)}").`,
        'config',
      );
  }
}

/** Every problem of settings.yaml, one a line on stdout: exit 3 with problems, 0 without. */
async function check(ctx: Context, dir: string): Promise<number> {
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
      ...withViews(ctx.registry, settings.views).problems,
    ];
  });
  for (const problem of loaded.problems) await ctx.out.write(`${sanitizeLine(problemLine(problem))}\n`);
  if (loaded.problems.length > 0) return 3;
  ctx.err.line(loaded.exists ? `${loaded.file} is fine.` : `There is no ${loaded.file}: every setting is its default.`);
  return 0;
}

/** What a new settings.yaml starts as: every section, commented, and the line that gives editors the schema. */
const TEMPLATE = `# slotui settings (docs/configuration.md). \`slotui config check\` lists what is wrong.
# For completion in editors with the YAML language server:
#   slotui config schema > settings.schema.json   (beside this file), then keep the next line.
# yaml-language-server: $schema=./settings.schema.json

# profiles:
#   prod:
#     readOnly: true
#     refresh: 30s
#     badge: PROD
#     color: red

# keys:
#   next-page: [n, ctrl+f]
#   delete: []

# aliases:
#   tier1: slos /checkout

# plugins:
#   - name: open
#     key: ctrl+o
#     command: [xdg-open, "https://slo.example.com/slos/$SLOTUI_ID"]
`;

/** settings.yaml in $VISUAL or $EDITOR (a commented template when absent, 0600), checked once the editor closes. */
async function edit(ctx: Context, dir: string): Promise<number> {
  const file = settingsPath(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, TEMPLATE, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const { systemEditorLauncher, EditorCancelled } = await import('../../tui/forms/externalEditor.js');
  try {
    systemEditorLauncher(ctx.io.env)(file);
  } catch (error) {
    if (!(error instanceof EditorCancelled)) throw error;
    ctx.err.line(`The editor quit without saving (exit ${error.exitCode}); ${file} is as it was.`);
    return 1;
  }
  return check(ctx, dir);
}
