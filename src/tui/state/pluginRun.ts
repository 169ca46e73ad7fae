/**
 * A plugin of settings.yaml on its way: asked about (`confirm: true`), or
 * running and done with its output shown in the overlay (its exit status at
 * the top). No React here: the view model reads the snapshot.
 */
import type { ApiRecord } from '../../api/record.js';
import type { ResourceName } from '../../api/resources.js';
import type { PluginSpec } from '../../domain/plugins.js';
import { Store } from './store.js';

export interface PluginTargetState {
  plugin: PluginSpec;
  resource: ResourceName;
  records: readonly ApiRecord[];
}

export type PluginRunState =
  | { kind: 'none' }
  | ({ kind: 'confirm' } & PluginTargetState)
  | ({
      kind: 'output';
      /** Still running (Ctrl+C stops it). */
      running: boolean;
      /** What it wrote, sanitised, a line an entry. */
      lines: string[];
      /** `exit 0`, `exit 3`, `stopped`: said at the top once it ended. */
      end: string | null;
      scroll: number;
    } & PluginTargetState);

export const NO_PLUGIN: PluginRunState = { kind: 'none' };

export class PluginRunStore extends Store<PluginRunState> {
  constructor() {
    super(NO_PLUGIN);
  }
}
