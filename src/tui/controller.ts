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
import { completeCommand, parseCommand, type Completion } from './commands.js';
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
import type { RecordIndex } from '../api/recordIndex.js';
import { relationsOf } from '../api/relations.js';
import type { ApiRecord } from '../api/record.js';
import { createCopier, recordSummary } from './copy.js';
import type { RelationsMode, RelationsStore } from './state/relationsStore.js';
import type { WholeList } from './state/wholeList.js';
import type { ProfileSwitcher } from './profiles.js';
import { errorSentence } from './errorText.js';

export interface ControllerDeps {
  registry: Registry;
  nav: NavStore;
  viewport: ViewportStore;
  records: RecordStore;
  stores: () => Record<ResourceName, ListStore>;
  /** The whole lists (`/`, `o`, `O`), the record index behind them, `u`/`x` and copying; absent in narrow tests. */
  wholes?: () => Record<ResourceName, WholeList>;
  index?: () => RecordIndex;
  relations?: RelationsStore;
  clock?: () => Date;
  writeTerminal?: (sequence: string) => void;
  env: () => KeyEnv;
  quit: () => void;
  /** `:profile NAME`, `:profile` alone and Tab after it; absent where profiles cannot be switched. */
  profiles?: ProfileSwitcher;
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
  const say = (text: string, tone: 'info' | 'error' = 'info') =>
    nav.dispatch({ type: 'message', message: { text, tone } });
  const closeOverlay = () => nav.dispatch({ type: 'overlay', overlay: 'none' });

  const whole = () => deps.wholes?.()[state().resource];
  const wholeActive = () => whole()?.getSnapshot().active === true;

  const rowsNow = () => {
    const fitted = fittedColumns(deps.registry.get(state().resource), viewport.getSnapshot().columns);
    const w = whole()?.getSnapshot();
    if (w?.active) return visibleRows(w.rows, fitted, '');
    const snap = store().getSnapshot();
    return visibleRows(snap.page?.results, fitted, snap.filter);
  };
  const selectedOnList = (): ApiRecord | undefined => {
    const rows = rowsNow();
    const at = wholeActive() ? whole()!.getSnapshot().selected : store().getSnapshot().selected;
    return rows[Math.min(at, rows.length - 1)]?.record;
  };

  const relations = relationsOf(deps.registry);
  const copier = createCopier(
    deps.writeTerminal,
    (resource, record) =>
      deps.index
        ? recordSummary(
            deps.registry.get(resource),
            record,
            relations,
            deps.index(),
            records,
            (deps.clock ?? (() => new Date()))(),
          )
        : record.id,
    relations,
  );

  /** u, x, y, Y on a record (the list's selection or the details' record). */
  const recordHandlers = (resource: ResourceName, record: () => ApiRecord | undefined): KeyHandlers => {
    const on = (act: (r: ApiRecord) => void) => () => {
      const r = record();
      if (r) act(r);
    };
    const handlers: KeyHandlers = {
      'copy-id': on((r) => say(copier.copyId(resource, r))),
      'copy-summary': on((r) => say(copier.copySummary(resource, r))),
    };
    if (deps.relations) {
      const open = (mode: RelationsMode) =>
        on((r) => deps.relations!.open(mode, resource, r.id, relations.model.name(resource, r)));
      handlers['used-by'] = open('used-by');
      handlers.relations = open('tree');
    }
    return handlers;
  };

  const runCommand = (text: string) => {
    const command = parseCommand(text, deps.registry);
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
        if (!deps.profiles) say('Switching profiles is not available here.', 'error');
        else if (command.kind === 'profile') deps.profiles.open(command.name);
        else deps.profiles.pick();
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
    const w = whole();
    const wholeOn = wholeActive();
    const resource = state().resource;
    const handlers: KeyHandlers = {
      'select-up': () => (wholeOn ? w!.moveSelection(-1) : list.moveSelection(-1, rowsNow().length)),
      'select-down': () => (wholeOn ? w!.moveSelection(1) : list.moveSelection(1, rowsNow().length)),
      'page-next': () => (wholeOn ? void w!.next() : list.next()),
      'page-prev': () => (wholeOn ? void w!.prev() : list.prev()),
      'page-first': () => (wholeOn ? w!.first() : list.first()),
      'page-last': () => (wholeOn ? w!.last() : list.last()),
      'open-detail': () => {
        const record = selectedOnList();
        if (record) nav.dispatch({ type: 'open-detail', entry: { resource, id: record.id, record } });
      },
      'filter-open': () =>
        nav.dispatch({
          type: 'overlay',
          overlay: 'filter',
          filter: w ? w.getSnapshot().query.text : list.getSnapshot().filter,
        }),
      reload: () => {
        list.reload();
        void deps.index?.().refreshStarted(resource);
        // A tab whose count is missing (its first read failed) gets it back with the same key.
        for (const other of Object.values(deps.stores()))
          if (other !== list && other.getSnapshot().page === null) other.recover();
      },
      ...recordHandlers(resource, selectedOnList),
    };
    if (w) {
      handlers['sort-next'] = () => w.sortNext();
      handlers['sort-reverse'] = () => w.sortReverse();
      if (w.getSnapshot().query.text !== '') handlers['filter-clear-list'] = () => w.clearText();
    } else if (list.getSnapshot().filter !== '') handlers['filter-clear-list'] = () => list.setFilter('');
    const index = deps.index?.();
    if (!handlers['filter-clear-list'] && index?.status(resource).state === 'gathering')
      handlers['gather-stop'] = () => {
        index.cancel(resource);
        const stopped = index.status(resource);
        say(
          `Stopped gathering ${stopped.title}: ${stopped.held.toLocaleString('en-US')} held, and usable. /, o or r gathers them again.`,
        );
      };
    if (!deps.env().readOnly && deps.forms) {
      // c, e, E, d on the selected row (the forms refuse again in read-only sessions).
      Object.assign(handlers, deps.forms.listHandlers(resource, selectedOnList));
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
      'detail-reload': () => {
        records.load(top.resource, top.id);
        // The names that could not be read are read again too.
        const shown = records.get(top.resource, top.id).record ?? top.record;
        for (const ref of referencesOf(deps.registry, top.resource, shown))
          if (records.get(ref.resource, ref.id).error !== null) records.load(ref.resource, ref.id);
      },
      ...recordHandlers(top.resource, () => records.get(top.resource, top.id).record ?? top.record),
    };
    if (!deps.env().readOnly && deps.forms) {
      // e, E, d on the record shown (c stays a list key).
      const { 'record-create': _create, ...onRecord } = deps.forms.listHandlers(
        top.resource,
        () => records.get(top.resource, top.id).record ?? top.record,
      );
      Object.assign(handlers, onRecord);
    }
    // The burn calculator needs a budget: SLO details only.
    if (top.resource === 'slos') handlers['burn-open'] = () => nav.dispatch({ type: 'overlay', overlay: 'burn' });
    const refs = referencesOf(deps.registry, top.resource, records.get(top.resource, top.id).record ?? top.record);
    const marked = refs[Math.min(top.reference, refs.length - 1)];
    if (marked)
      handlers['open-reference'] = () =>
        nav.dispatch({ type: 'open-detail', entry: { resource: marked.resource, id: marked.id } });
    if (refs.length > 1) {
      handlers['reference-next'] = () =>
        nav.dispatch({ type: 'mark-reference', to: top.reference + 1, count: refs.length });
      handlers['reference-prev'] = () =>
        nav.dispatch({ type: 'mark-reference', to: top.reference - 1, count: refs.length });
    }
    return { context: 'detail', handlers };
  };

  const helpLayer = (): KeyLayer => {
    const max = viewport.maxScroll('help');
    const scroll = state().helpScroll;
    const page = Math.max(1, viewport.measured('help').visible - 1);
    const scrollTo = (to: number) => nav.dispatch({ type: 'scroll-help', to, max });
    return {
      context: 'help',
      owns: true,
      handlers: {
        // The help says "q quit · everywhere": the help is somewhere.
        quit: deps.quit,
        'help-close': closeOverlay,
        'help-scroll-up': () => scrollTo(scroll - 1),
        'help-scroll-down': () => scrollTo(scroll + 1),
        'help-scroll-page-up': () => scrollTo(scroll - page),
        'help-scroll-page-down': () => scrollTo(scroll + page),
        'help-scroll-top': () => scrollTo(0),
        'help-scroll-bottom': () => scrollTo(max),
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
        const profiles = deps.profiles;
        let completion: Completion;
        try {
          completion = completeCommand(value, deps.registry, profiles && (() => profiles.names()));
        } catch (error) {
          say(errorSentence(error), 'error');
          return;
        }
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
        const w = whole();
        if (w) w.clearText();
        else store().setFilter('');
        closeOverlay();
      },
    },
    text: (input, key) => {
      const edited = editLine(state().filter, input, key);
      if (!edited) return false;
      nav.dispatch({ type: 'edit-filter', editor: edited });
      const w = whole();
      if (w) w.setText(edited.value);
      else store().setFilter(edited.value);
      return true;
    },
  });

  const relationsLayer = (): KeyLayer => {
    const view = deps.relations!;
    return {
      context: 'relations',
      owns: true,
      handlers: {
        'relations-up': () => view.move(-1),
        'relations-down': () => view.move(1),
        'relations-open': () => {
          const line = view.selectedLine();
          if (!line) return;
          if (line.resolution === 'dangling') {
            say(
              `${relations.model.noun(line.resource, false)} ${line.id} points nowhere: there is no such record to open.`,
              'error',
            );
            return;
          }
          view.close();
          nav.dispatch({ type: 'open-detail', entry: { resource: line.resource, id: line.id } });
        },
        'relations-close': () => view.close(),
      },
    };
  };
  const burnLayer = (): KeyLayer => ({
    context: 'burn',
    owns: true,
    handlers: {
      'burn-keep': closeOverlay,
      'burn-cancel': () => {
        nav.dispatch({ type: 'edit-burn', editor: { value: '', cursor: 0 } });
        closeOverlay();
      },
    },
    text: (input, key) => {
      const edited = editLine(state().burn, input, key);
      if (!edited) return false;
      nav.dispatch({ type: 'edit-burn', editor: edited });
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
    const profilesLayer = deps.profiles?.layer();
    if (profilesLayer) return [profilesLayer, globalLayer()];
    const s = state();
    if (deps.relations?.getSnapshot() && s.overlay !== 'help') return [relationsLayer(), globalLayer()];
    const screen = s.details.length > 0 ? detailLayer() : listLayer();
    switch (s.overlay) {
      case 'help':
        return [helpLayer(), screen, globalLayer()];
      case 'command':
        return [commandLayer(), screen, globalLayer()];
      case 'filter':
        return [filterLayer(), screen, globalLayer()];
      case 'burn':
        return [burnLayer(), screen, globalLayer()];
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
      const textInput =
        s.overlay === 'filter' ||
        s.overlay === 'command' ||
        s.overlay === 'burn' ||
        Boolean(deps.setupLayer?.()) ||
        Boolean(deps.profiles?.picker.getSnapshot()) ||
        Boolean(deps.forms?.textInput());
      for (const one of splitKeys(input, key, textInput)) {
        const result = dispatchKey(layers(), deps.env(), one.input, one.key);
        if (result.kind === 'refused') say(result.reason, 'error');
      }
    },
  };
}
