/**
 * The key layers of the screen on top (view/ladder.ts), top first: the
 * screen's own controller, the input line over it, and the program's keys
 * below. Every controller is made once here; a new screen is one case.
 */
import type { KeyLayer } from '../input/binding.js';
import type { Screen } from '../view/ladder.js';
import { createBurnController } from './burnController.js';
import { createCommandController } from './commandController.js';
import type { DashboardContext } from './context.js';
import { createDetailController } from './detailController.js';
import { createFilterController } from './filterController.js';
import { createGlobalController } from './globalController.js';
import { createHelpController } from './helpController.js';
import { createListController } from './listController.js';
import { createMarksController } from './marksController.js';
import { createProfilesController } from './profilesController.js';
import { createRecordController, type RecordControllerDeps } from './recordController.js';
import { createRelationsController } from './relationsController.js';
import type { PluginController } from './pluginController.js';
import { currentDetail } from '../state/navigation.js';
import { markedRecords } from './marksController.js';

interface KeyLayers {
  /** The layers that get keys on this screen, top first. */
  layers(screen: Screen): KeyLayer[];
  /** Does the screen take typed text (so a burst of keys stays one paste)? */
  textInput(screen: Screen): boolean;
}

export function createKeyLayers(
  ctx: DashboardContext,
  deps: RecordControllerDeps,
  plugins?: PluginController,
): KeyLayers {
  const record = createRecordController(ctx, deps);
  const global = createGlobalController(ctx);
  const marks = createMarksController(ctx);
  const list = createListController(ctx, record.handlers, marks.handlers);
  const detail = createDetailController(ctx, record.handlers);
  const lines = {
    command: createCommandController(ctx),
    filter: createFilterController(ctx),
    burn: createBurnController(ctx),
  };
  const help = createHelpController(ctx);
  const relations = createRelationsController(ctx);
  const profiles = ctx.profiles ? createProfilesController(ctx.profiles) : undefined;

  /** The plugins' keys on the list (the marked records, else the selected one) and the details (their record). */
  const withPlugins = (layer: KeyLayer, screen: 'list' | 'detail'): KeyLayer => {
    if (!plugins) return layer;
    const nav = ctx.nav.getSnapshot();
    const top = currentDetail(nav);
    const extra =
      screen === 'list'
        ? plugins.handlers('list', nav.resource, () => {
            const marked = markedRecords(ctx, nav.resource);
            const selected = ctx.shown().selectedRecord;
            return marked.length > 0 ? marked : selected ? [selected] : [];
          })
        : top
          ? plugins.handlers('details', top.resource, () => {
              const record = ctx.records.get(top.resource, top.id).record ?? top.record;
              return record ? [record] : [];
            })
          : {};
    return { ...layer, handlers: { ...extra, ...layer.handlers } };
  };

  const own = (screen: Screen): KeyLayer[] => {
    switch (screen.kind) {
      case 'forms':
        return ctx.forms.layers() ?? [];
      case 'plugin':
        return plugins ? [plugins.layer()] : [];
      case 'profiles':
        return profiles ? [profiles.layer()] : [];
      case 'help':
        return [help.layer()];
      case 'relations':
        return [relations.layer()];
      case 'detail':
      case 'list': {
        const below =
          screen.kind === 'detail' ? withPlugins(detail.layer(), 'detail') : withPlugins(list.layer(), 'list');
        return screen.line ? [lines[screen.line].layer(), below] : [below];
      }
    }
  };

  return {
    layers: (screen) => [...own(screen), global.layer()],
    textInput: (screen) =>
      screen.kind === 'profiles' ||
      (screen.kind === 'forms' && ctx.forms.textInput()) ||
      ((screen.kind === 'list' || screen.kind === 'detail') && screen.line !== null),
  };
}
