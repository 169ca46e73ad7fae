// What the pictures of docs/pictures/ show, and what they are made from: the
// dashboard's code, the text layer, the demo's sample data and these scripts.
// A change to any of them changes the hash the pictures carry.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const PICTURES = [
  {
    name: 'dashboard',
    title: "The slotui dashboard: the SLO list with each SLO's target, window and error budget",
    cols: 120,
    rows: 30,
    steps: [
      ['', 'sli-000001'],
      ['2', 'slo-000001'],
    ],
  },
  {
    name: 'slo-details',
    title: "An SLO's details: its error budget, bad intervals, the alert tiers and the budget ladder",
    cols: 120,
    rows: 36,
    steps: [
      ['', 'sli-000001'],
      ['2', 'slo-000001'],
      ['\r', 'page'],
      // The SLI's name is read after the details open: a loaded machine drew "reading its name…".
      ['', 'SLI “checkout-api availability”'],
    ],
  },
];

const INPUTS = [
  'src/tui',
  'src/text',
  'src/domain',
  'src/presentation',
  'src/sandbox/sample.ts',
  'scripts/pictures.mjs',
  'scripts/pictures',
];

function files(root, path) {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((entry) => files(root, join(path, entry)));
}

/** sha256 (16 hex digits) of the inputs' paths and contents. */
export function inputsHash(root) {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => files(root, input)))
    hash
      .update(relative(root, join(root, file)))
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}
