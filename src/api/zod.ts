/**
 * zod, loaded on first use: creating or changing a record, and the sandbox.
 * The build makes a package that src require()s a part of its own, so the
 * dashboard and the read-only commands never load it (~20 ms). Every runtime
 * use of zod goes through here, so there is one zod (eslint refuses a value
 * import of 'zod' elsewhere).
 */
import { createRequire } from 'node:module';
import type * as Zod from 'zod';

let loaded: typeof Zod | undefined;

export function zod(): typeof Zod {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= (typeof require === 'function' ? require('zod') : createRequire(import.meta.url)('zod')) as typeof Zod;
  return loaded;
}
