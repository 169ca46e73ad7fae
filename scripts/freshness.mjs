// Whether dist/ was built from the sources as they are now, so `npm start`
// rebuilds only when a source is newer than the build (a full build takes
// seconds; a check of the files' times takes milliseconds).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: the sources, the build scripts and the packages. */
const INPUTS = ['src', 'scripts/build.mjs', 'scripts/build-parts.mjs', 'package.json', 'package-lock.json'];
/** What the build writes last: its time is the build's. */
const OUTPUT = 'dist/slotui.js';

function newestUnder(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestUnder(join(path, entry)));
  return newest;
}

/** Why dist/ under root must be built again, or undefined when it is current. */
export function staleReason(root) {
  const built = statSync(join(root, OUTPUT), { throwIfNoEntry: false });
  if (!built) return `${OUTPUT} does not exist`;
  for (const input of INPUTS) {
    if (newestUnder(join(root, input)) > built.mtimeMs) return `${input} changed since the last build`;
  }
  return undefined;
}
