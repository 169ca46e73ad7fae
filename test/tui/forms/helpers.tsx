/**
 * The dashboard with the forms' extra props (an injected editor launcher),
 * rendered as test/tui/helpers.tsx does, plus keys and readers for forms.
 */
import type { ApiClient } from '../../../src/api/types.js';
import type { Settings } from '../../../src/config/types.js';
import type { DraftKeeper } from '../../../src/config/drafts.js';
import type { SandboxHandle } from '../../../src/sandbox/types.js';
import type { FakeSandbox } from '../../fakeApi.js';
import type { EditorLauncher } from '../../../src/tui/forms/externalEditor.js';
import {
  FIXED_NOW,
  mountSized,
  statusLineOf,
  testSettings,
  waitForFrame,
  waitForPage,
  waitForText,
  type Dashboard,
} from '../helpers.js';

export const FORM_KEYS = {
  ctrlS: '\u0013',
  ctrlP: '\u0010',
  ctrlN: '\u000e',
  ctrlD: '\u0004',
  shiftTab: '\u001B[Z',
} as const;

export interface FormsDashboardOptions {
  client: ApiClient;
  settings?: Partial<Settings>;
  columns?: number;
  rows?: number;
  launchEditor?: EditorLauncher;
  drafts?: DraftKeeper;
}

export function renderForms(options: FormsDashboardOptions): Dashboard {
  const view = mountSized(
    {
      client: options.client,
      settings: testSettings(options.settings),
      now: () => FIXED_NOW,
      launchEditor: options.launchEditor,
      drafts: options.drafts,
    },
    { columns: options.columns ?? 120, rows: options.rows ?? 40 },
  );
  return { ...view, client: options.client };
}

// eslint-disable-next-line no-control-regex
export const plain = (frame: string): string => frame.replace(/\u001B\[[0-9;]*m/g, '');

/** The form line of a field, by its label at the start (after the focus marker). */
export function fieldLine(frame: string, label: string): string {
  return (
    plain(frame)
      .split('\n')
      .find((l) => l.slice(2).startsWith(label)) ?? ''
  );
}

/** Requests the sandbox saw with this method on paths starting with `path`. */
export function requestsOf(sandbox: Pick<SandboxHandle | FakeSandbox, 'requests'>, method: string, path: string) {
  return sandbox.requests.filter((r) => r.method === method && r.path.startsWith(path));
}

/** From a freshly opened dashboard: the SLO list, then `c`, until the empty SLO form shows. */
export async function openNewSloForm(d: Dashboard): Promise<void> {
  await waitForPage(d, 1);
  d.press('2');
  await waitForFrame(d, (f) => statusLineOf(f).startsWith('slos · page 1'), 'the SLO list');
  d.press('c');
  await waitForText(d, 'New SLO');
}
