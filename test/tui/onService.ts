/**
 * The dashboard driver (driver.ts) on the sandbox's API in memory
 * (test/fakeApi.ts), answered through the real client, shown on the SLIs'
 * first page. Shared by the files whose behaviour is read from the view model
 * in the unit tier and whose frames are drawn through Ink (drawn.ts) in the
 * integration tier.
 */
import type { ApiClient } from '../../src/api/types.js';
import type { Settings } from '../../src/config/types.js';
import { fakeSandbox, type FakeSandbox } from '../fakeApi.js';
import { disposeDrivers, driveClient, type Driver, type DriverOptions } from './driver.js';
import { sandboxClient } from './testing.js';

export interface OnService extends Driver {
  sandbox: FakeSandbox;
  api: ApiClient;
}

export interface OnServiceOptions {
  /** The sandbox's seed: how many records it makes (its default, 30 SLIs, when not given). */
  seed?: number;
  settings?: Partial<Settings>;
  /** The terminal's size (the driver's 100x24 when not given). */
  columns?: number;
  rows?: number;
  services?: DriverOptions['services'];
}

const sandboxes: FakeSandbox[] = [];

/** A dashboard on a new sandbox's API in memory, once its first page of SLIs is shown. */
export async function onService(options: OnServiceOptions = {}): Promise<OnService> {
  const { seed, settings, columns, rows, services } = options;
  const sandbox = fakeSandbox(seed === undefined ? {} : { seed });
  sandboxes.push(sandbox);
  const api = sandboxClient(sandbox);
  const d = driveClient(api, {
    ...(columns ? { columns } : {}),
    ...(rows ? { rows } : {}),
    ...(settings ? { settings } : {}),
    ...(services ? { services } : {}),
  });
  await d.until((v) => v.status.text.startsWith('slis · page 1') && v.status.loading === null, 'the SLIs');
  return Object.assign(d, { sandbox, api });
}

/** Disposes of the drivers and closes the sandboxes the test made (call it in afterEach). */
export async function closeServices(): Promise<void> {
  disposeDrivers();
  for (const s of sandboxes.splice(0)) await s.close();
}

/** The organizations' first page. */
export async function showOrganizations(d: Driver): Promise<void> {
  d.key('3');
  await d.until(
    (v) => v.status.text.startsWith('organizations · page 1') && v.status.loading === null,
    'the organizations',
  );
}
