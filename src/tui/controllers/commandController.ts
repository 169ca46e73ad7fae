/**
 * The command line (`:`): typing with the line editor, Tab completing
 * (resources, `:profile` names), Enter running the command, Esc closing.
 */
import { completeCommand, parseCommand, type Completion } from '../commands.js';
import { errorSentence } from '../errorText.js';
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import { editLine } from '../text/lineEditor.js';
import type { DashboardContext } from './context.js';

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
  const close = () => nav.dispatch({ type: 'overlay', overlay: 'none' });

  const run = (text: string) => {
    const command = parseCommand(text, ctx.registry);
    switch (command.kind) {
      case 'resource':
        nav.dispatch({ type: 'switch-resource', resource: command.resource });
        break;
      case 'open':
        nav.dispatch({ type: 'switch-resource', resource: command.resource });
        nav.dispatch({ type: 'open-detail', entry: { resource: command.resource, id: command.id } });
        break;
      case 'profile':
      case 'profiles':
        if (!ctx.profiles) ctx.say('Switching profiles is not available here.', 'error');
        else if (command.kind === 'profile') ctx.profiles.open(command.name);
        else ctx.profiles.pick();
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
