/** The key layers of the welcome screen and the setup flow, for the one dispatcher (input/router.ts). */
import type { KeyLayer } from '../input/router.js';
import type { SetupStore } from './setupStore.js';

/** The setup flow owns the keyboard: every key goes to its fields, Enter and Esc to its steps. */
export function setupLayer(store: SetupStore): KeyLayer {
  const handlers: KeyLayer['handlers'] = {
    'setup-submit': () => store.submit(),
    'setup-back': () => store.back(),
  };
  if (store.canOpenBrowser) handlers['setup-open-browser'] = () => store.openBrowser();
  if (store.canCopy) handlers['setup-copy'] = () => store.copyEndpoint();
  return { context: 'setup', owns: true, handlers, text: (input, key) => store.edit(input, key) };
}

export function welcomeLayer(actions: { connect(): void; demo?: () => void }): KeyLayer {
  const handlers: KeyLayer['handlers'] = { 'welcome-connect': actions.connect };
  if (actions.demo) handlers['welcome-demo'] = actions.demo;
  return { context: 'welcome', owns: false, handlers };
}

/** Below the welcome screen and the standalone flow: q (not inside the flow, which owns the keys) and Ctrl+C. */
export function quitLayer(quit: () => void): KeyLayer {
  return { context: 'global', handlers: { 'quit-now': quit, quit } };
}
