/**
 * Every key of the program, gathered from the controllers that own them:
 * each controller exports its binding rows beside its handlers, and this
 * index puts them in one keymap. The hint bar, the `?` help, the README's
 * key table (help.ts) and the dispatcher (input/router.ts) all read the
 * keymap, so a key documented is a key that works, and the other way round.
 *
 * The order here is the order of the help's groups' entries and of the
 * dispatcher's tries within a context.
 */
import { setupBindings } from './auth/layers.js';
import { burnBindings } from './controllers/burnController.js';
import { commandBindings } from './controllers/commandController.js';
import { detailBindings } from './controllers/detailController.js';
import { filterBindings } from './controllers/filterController.js';
import { globalBindings } from './controllers/globalController.js';
import { helpBindings } from './controllers/helpController.js';
import { listBindings } from './controllers/listController.js';
import { marksBindings } from './controllers/marksController.js';
import { profilesBindings } from './controllers/profilesController.js';
import { recordBindings } from './controllers/recordController.js';
import { relationsBindings } from './controllers/relationsController.js';
import { confirmBindings } from './forms/confirmController.js';
import { draftBindings } from './forms/draftController.js';
import { formBindings } from './forms/formController.js';
import { pickerBindings } from './forms/pickerController.js';
import { pluginBindings } from './controllers/pluginController.js';
import { buildKeymap, type Keymap } from './input/keymap.js';

export const BINDINGS = [
  ...globalBindings,
  ...listBindings,
  ...recordBindings,
  ...marksBindings,
  ...relationsBindings,
  ...profilesBindings,
  ...detailBindings,
  ...burnBindings,
  ...filterBindings,
  ...commandBindings,
  ...helpBindings,
  ...setupBindings,
  ...formBindings,
  ...pickerBindings,
  ...draftBindings,
  ...confirmBindings,
  ...pluginBindings,
] as const;

/** An action a key can be bound to (`next-page`, `delete`): what a settings file names to rebind it. */
export type ActionId = (typeof BINDINGS)[number]['id'];

/** The keymap with some actions' keys replaced (`{ 'next-page': ['n', 'Ctrl+F'], delete: [] }`). */
export function createKeymap(overrides: Partial<Record<ActionId, readonly string[]>> = {}): Keymap {
  return buildKeymap(BINDINGS, overrides);
}

/** The keys as shipped. */
export const DEFAULT_KEYMAP: Keymap = createKeymap();
