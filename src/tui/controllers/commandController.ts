/**
 * The command line (`:`): typing with the line editor, Tab completing
 * (resources, `:profile` names), Enter running the command, Esc closing.
 */
import { expandAlias } from '../aliases.js';
import { completeCommand, parseCommand, type Completion } from '../commands.js';
import { errorSentence } from '../text/errorSentence.js';
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import { editLine } from '../text/lineEditor.js';
import type { DashboardContext } from './context.js';
import { createExporter } from './exportCommand.js';
import type { ResourceName } from '../../api/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';

export const commandBindings = [
  {
    id: 'command-run',
    keys: ['Enter'],
    description: 'run the command',
    hint: 'run',
    group: 'Command line',
    when: ['command'],
  },
  {
    id: 'command-complete',
    keys: ['Tab'],
    description: 'complete what is typed',
    hint: 'complete',
    group: 'Command line',
    when: ['command'],
  },
  {
    id: 'command-cancel',
    keys: ['Esc'],
    description: 'close the command line',
    hint: 'cancel',
    group: 'Command line',
    when: ['command'],
  },
] as const satisfies readonly Binding[];

export function createCommandController(ctx: DashboardContext): { layer(): KeyLayer } {
  const { nav } = ctx;
  const exportTo = createExporter(ctx);
  const close = () => nav.dispatch({ type: 'overlay', overlay: 'none' });

  /**
   * `:slo WORD`, as k9s's `:pod name`: the record when WORD is its id, else the list filtered by
   * WORD (the whole list, as `/` does). The record is read first, so the answer decides.
   */
  const openOrFilter = (resource: ResourceName, word: string) => {
    const { client, wholes } = ctx.session();
    const def = ctx.registry.get(resource);
    client.get(resource, word).then(
      (record) => nav.dispatch({ type: 'open-detail', entry: { resource, id: word, record } }),
      (error: unknown) => {
        if ((error as { status?: unknown }).status !== 404) {
          // Not an answer about the id (the network, a refusal): the details say what went wrong.
          nav.dispatch({ type: 'open-detail', entry: { resource, id: word } });
          return;
        }
        wholes[resource].setText(word);
        ctx.say(
          `No ${def.kind} has the id “${truncate(sanitizeLine(word), 40)}”: ${def.title} matching it are shown. Esc clears the filter.`,
        );
      },
    );
  };

  const run = (text: string) => {
    const command = parseCommand(expandAlias(text, ctx.aliases()), ctx.registry);
    switch (command.kind) {
      case 'resource':
        nav.dispatch({ type: 'switch-resource', resource: command.resource });
        if (command.filter !== undefined) ctx.session().wholes[command.resource].setText(command.filter);
        break;
      case 'open':
        nav.dispatch({ type: 'switch-resource', resource: command.resource });
        openOrFilter(command.resource, command.id);
        break;
      case 'profile':
      case 'profiles':
        if (!ctx.profiles) ctx.say('Switching profiles is not available here.', 'error');
        else if (command.kind === 'profile') ctx.profiles.open(command.name);
        else ctx.profiles.pick();
        break;
      case 'export':
        exportTo(command.file, command.replace);
        break;
      case 'help':
        nav.dispatch({ type: 'overlay', overlay: 'help' });
        break;
      case 'quit':
        ctx.quit();
        break;
      case 'error':
        ctx.say(command.message, 'error');
        break;
      case 'none':
        break;
    }
  };

  const complete = () => {
    const { value } = nav.getSnapshot().command;
    const profiles = ctx.profiles;
    let completion: Completion;
    try {
      completion = completeCommand(value, ctx.registry, profiles && (() => profiles.names()));
    } catch (error) {
      ctx.say(errorSentence(error), 'error');
      return;
    }
    const next = completion.value;
    nav.dispatch({
      type: 'edit-command',
      editor: { value: next, cursor: next.length },
      candidates: completion.candidates.length > 1 ? completion.candidates : [],
    });
  };

  const handlers: HandlersOf<typeof commandBindings> = {
    'command-run': () => {
      const text = nav.getSnapshot().command.value;
      close();
      run(text);
    },
    'command-complete': complete,
    'command-cancel': close,
  };
  return {
    layer: () => ({
      context: 'command',
      owns: true,
      handlers,
      text: (input, key) => {
        const edited = editLine(nav.getSnapshot().command, input, key);
        if (!edited) return false;
        nav.dispatch({ type: 'edit-command', editor: edited });
        return true;
      },
    }),
  };
}
