/** The keys of the welcome screen and the setup flow, and their layers for the one dispatcher (input/router.ts). */
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import type { SetupStore } from './setupStore.js';

export const setupBindings = [
  {
    id: 'welcome-connect',
    keys: ['c'],
    description: 'connect to a service (token setup)',
    hint: 'connect',
    group: 'Token setup',
    when: ['welcome'],
  },
  {
    id: 'welcome-demo',
    keys: ['d'],
    description: 'try the demo sandbox',
    hint: 'demo',
    group: 'Token setup',
    when: ['welcome'],
  },
  {
    id: 'setup-submit',
    keys: ['Enter'],
    description: 'confirm the field; on the token, verify and store it',
    hint: 'next',
    group: 'Token setup',
    when: ['setup'],
  },
  {
    id: 'setup-back',
    keys: ['Esc'],
    description: 'back to the previous field (cancel on the first)',
    hint: 'back',
    group: 'Token setup',
    when: ['setup'],
  },
  {
    id: 'setup-copy',
    keys: ['Ctrl+Y'],
    description: "put the token page's address on the clipboard (OSC 52, where the terminal allows it)",
    hint: 'copy address',
    group: 'Token setup',
    when: ['setup'],
  },
  {
    id: 'setup-open-browser',
    keys: ['Ctrl+O'],
    description: 'open the token page in the browser (only with a local display)',
    hint: 'open in browser',
    group: 'Token setup',
    when: ['setup'],
  },
] as const satisfies readonly Binding[];

type SetupHandlers = HandlersOf<typeof setupBindings>;

/** The setup flow owns the keyboard: every key goes to its fields, Enter and Esc to its steps. */
export function setupLayer(store: SetupStore): KeyLayer {
  const handlers: SetupHandlers = {
    'setup-submit': () => store.submit(),
    'setup-back': () => store.back(),
  };
  if (store.canOpenBrowser) handlers['setup-open-browser'] = () => store.openBrowser();
  if (store.canCopy) handlers['setup-copy'] = () => store.copyEndpoint();
  return { context: 'setup', owns: true, handlers, text: (input, key) => store.edit(input, key) };
}

export function welcomeLayer(actions: { connect(): void; demo?: () => void }): KeyLayer {
  const handlers: SetupHandlers = { 'welcome-connect': actions.connect };
  if (actions.demo) handlers['welcome-demo'] = actions.demo;
  return { context: 'welcome', owns: false, handlers };
}

/** Below the welcome screen and the standalone flow: q (not inside the flow, which owns the keys) and Ctrl+C. */
export function quitLayer(quit: () => void): KeyLayer {
  return { context: 'global', handlers: { 'quit-now': quit, quit } };
}
