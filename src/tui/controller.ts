/**
 * What every key does on the list, the details, the help, the filter and the
 * command line, and the one dispatcher all keys go through. The controller
 * builds the key layers from the state as it is when the key arrives (the UI
 * store, the list stores, the viewport's measurements) and carries the actions
 * out on those stores. No React here: keys are handled in order even when
 * several arrive before a render.
 */
import type { Key } from 'ink';
import type { Registry, ResourceName } from '../api/resources.js';
import { completeCommand, parseCommand } from './commands.js';
import { dispatchKey, splitKeys, type KeyHandlers, type KeyLayer } from './input/router.js';
import type { KeyEnv } from './keys.js';
import { referencesOf } from './screens/references.js';
import { fittedColumns, visibleRows } from './screens/rows.js';
import type { ListStore } from './state/listStore.js';
import { currentDetail, type NavStore } from './state/navigation.js';
import type { RecordStore } from './state/recordStore.js';
import type { ViewportStore } from './state/viewport.js';
import { editLine } from './text/lineEditor.js';
import type { Forms } from './forms/formsController.js';

export interface ControllerDeps {
  registry: Registry;
  nav: NavStore;
  viewport: ViewportStore;
  records: RecordStore;
  stores: () => Record<ResourceName, ListStore>;
  env: () => KeyEnv;
  quit: () => void;
  openProfile: (name: string) => void;
  /** The token setup's layer while it is open; it owns the keyboard above everything. */
  setupLayer?: () => KeyLayer | undefined;
  /** Create, edit and delete, and the form, picker, question and editor they open. */
  forms?: Forms;
}

export interface Controller {
  /** The key layers for the current state, top first. */
  layers(): KeyLayer[];
  /** One input event from Ink (possibly several keys). */
  handleInput(input: string, key: Key): void;
}

export function createController(deps: ControllerDeps): Controller {
  const { nav, viewport, records } = deps;
  const state = () => nav.getSnapshot();
  const store = () => deps.stores()[state().resource];
  const say = (text: string, tone: 'info' | 'error' = 'info') => nav.dispatch({ type: 'message', message: { text, tone } });
  const closeOverlay = () => nav.dispatch({ type: 'overlay', overlay: 'none' });

  const rowsNow = () => {
    const snap = store().getSnapshot();
    return visibleRows(snap.page?.results, fittedColumns(deps.registry.get(state().resource), viewport.getSnapshot().columns), snap.filter);
  };

  const runCommand = (text: string) => {
    const command = parseCommand(text, deps.registry);
    switch (command.kind) {
      case 'resource':
        nav.dispatch({ type: 'switch-resource', resource: command.resource });
        break;
      case 'profile':
        deps.openProfile(command.name);
        break;
      case 'help':
        nav.dispatch({ type: 'overlay', overlay: 'help' });
        break;
      case 'quit':
        deps.quit();
        break;
      case 'error':
        say(command.message, 'error');
        break;
      case 'none':
        break;
    }
  };

  const globalLayer = (): KeyLayer => ({
    context: 'global',
    handlers: {
      'quit-now': deps.quit,
      quit: deps.quit,
      'help-open': () => nav.dispatch({ type: 'overlay', overlay: 'help' }),
      'command-open': () => nav.dispatch({ type: 'overlay', overlay: 'command' }),
      'switch-resource': (pressed) => {
        const resource = deps.registry.names[Number(pressed) - 1];
        if (resource) nav.dispatch({ type: 'switch-resource', resource });
      },
    },
  });

  const listLayer = (): KeyLayer => {
    const list = store();
    const handlers: KeyHandlers = {
      'select-up': () => list.moveSelection(-1, rowsNow().length),
      'select-down': () => list.moveSelection(1, rowsNow().length),
      'page-next': () => list.next(),
      'page-prev': () => list.prev(),
      'page-first': () => list.first(),
      'page-last': () => list.last(),
      'open-detail': () => {
        const rows = rowsNow();
        const row = rows[Math.min(list.getSnapshot().selected, rows.length - 1)];
        if (row) nav.dispatch({ type: 'open-detail', entry: { resource: state().resource, id: row.record.id, record: row.record } });
      },
      'filter-open': () => nav.dispatch({ type: 'overlay', overlay: 'filter', filter: list.getSnapshot().filter }),
      reload: () => list.reload(),
    };
    if (list.getSnapshot().filter !== '') handlers['filter-clear-list'] = () => list.setFilter('');
    if (!deps.env().readOnly && deps.forms) {
      // c, e, E, d on the selected row (the forms refuse again in read-only sessions).
      const selected = () => {
        const rows = rowsNow();
        return rows[Math.min(list.getSnapshot().selected, rows.length - 1)]?.record;
      };
      Object.assign(handlers, deps.forms.listHandlers(state().resource, selected));
    }
    return { context: 'list', handlers };
  };

  const detailLayer = (): KeyLayer => {
    const top = currentDetail(state())!;
    const { visible } = viewport.measured('detail');
    const max = viewport.maxScroll('detail');
    const scrollTo = (to: number) => nav.dispatch({ type: 'scroll-detail', to, max });
    const page = Math.max(1, visible);
    const handlers: KeyHandlers = {
      back: () => nav.dispatch({ type: 'back' }),
      'scroll-up': () => scrollTo(top.scroll - 1),
      'scroll-down': () => scrollTo(top.scroll + 1),
      'scroll-page-up': () => scrollTo(top.scroll - page),
      'scroll-page-down': () => scrollTo(top.scroll + page),
      'scroll-top': () => scrollTo(0),
      'scroll-bottom': () => scrollTo(max),
      'detail-reload': () => records.load(top.resource, top.id),
    };
    const refs = referencesOf(deps.registry, top.resource, records.get(top.resource, top.id).record ?? top.record);
    const marked = refs[Math.min(top.reference, refs.length - 1)];
    if (marked) handlers['open-reference'] = () => nav.dispatch({ type: 'open-detail', entry: { resource: marked.resource, id: marked.id } });
    if (refs.length > 1) {
      handlers['reference-next'] = () => nav.dispatch({ type: 'mark-reference', to: top.reference + 1, count: refs.length });
      handlers['reference-prev'] = () => nav.dispatch({ type: 'mark-reference', to: top.reference - 1, count: refs.length });
    }
    return { context: 'detail', handlers };
  };

  const helpLayer = (): KeyLayer => {
    const max = viewport.maxScroll('help');
    const scroll = state().helpScroll;
    return {
      context: 'help',
      owns: true,
      handlers: {
        'help-close': closeOverlay,
        'help-scroll-up': () => nav.dispatch({ type: 'scroll-help', to: scroll - 1, max }),
        'help-scroll-down': () => nav.dispatch({ type: 'scroll-help', to: scroll + 1, max }),
      },
    };
  };

  const commandLayer = (): KeyLayer => ({
    context: 'command',
    owns: true,
    handlers: {
      'command-run': () => {
        const text = state().command.value;
        closeOverlay();
        runCommand(text);
      },
      'command-complete': () => {
        const { value } = state().command;
        const completion = completeCommand(value, deps.registry);
        const next = completion.value;
        nav.dispatch({
          type: 'edit-command',
          editor: { value: next, cursor: next.length },
          candidates: completion.candidates.length > 1 ? completion.candidates : [],
        });
      },
      'command-cancel': closeOverlay,
    },
    text: (input, key) => {
      const edited = editLine(state().command, input, key);
      if (!edited) return false;
      nav.dispatch({ type: 'edit-command', editor: edited });
      return true;
    },
  });

  const filterLayer = (): KeyLayer => ({
    context: 'filter',
    owns: true,
    handlers: {
      'filter-keep': closeOverlay,
      'filter-cancel': () => {
        store().setFilter('');
        closeOverlay();
      },
    },
    text: (input, key) => {
      const edited = editLine(state().filter, input, key);
      if (!edited) return false;
      nav.dispatch({ type: 'edit-filter', editor: edited });
      store().setFilter(edited.value);
      return true;
    },
  });

  const layers = (): KeyLayer[] => {
    // The token setup is above every screen and overlay; Ctrl+C still quits (an 'always' key).
    const setup = deps.setupLayer?.();
    if (setup) return [setup, globalLayer()];
    // An open form, picker or question owns the keyboard; Ctrl+C still quits.
    const formLayers = deps.forms?.layers();
    if (formLayers) return [...formLayers, globalLayer()];
    const s = state();
    const screen = s.details.length > 0 ? detailLayer() : listLayer();
    switch (s.overlay) {
      case 'help':
        return [helpLayer(), screen, globalLayer()];
      case 'command':
        return [commandLayer(), screen, globalLayer()];
      case 'filter':
        return [filterLayer(), screen, globalLayer()];
      case 'none':
        return [screen, globalLayer()];
    }
  };

  return {
    layers,
    handleInput(input, key) {
      if (key.eventType === 'release') return;
      // A message or notice lasts until the next key.
      nav.dispatch({ type: 'message', message: null });
      store().clearNotice();
      const s = state();
      const textInput = s.overlay === 'filter' || s.overlay === 'command' || Boolean(deps.setupLayer?.()) || Boolean(deps.forms?.textInput());
      for (const one of splitKeys(input, key, textInput)) {
        const result = dispatchKey(layers(), deps.env(), one.input, one.key);
        if (result.kind === 'refused') say(result.reason, 'error');
      }
    },
  };
}
