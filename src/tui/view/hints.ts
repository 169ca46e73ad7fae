/** Which hints the bar shows (k9s style) when it is short: the most useful, in the keymap's order. */
import type { Binding } from '../input/binding.js';
import { textWidth } from '../../text/width.js';

const GAP = 2;

/** The key shown for a binding in the hint bar. */
function hintKey(binding: Binding): string {
  if (binding.id === 'switch-resource') return `${binding.keys[0]}-${binding.keys[binding.keys.length - 1]}`;
  return binding.keys[0] ?? '';
}

/**
 * What a hint is worth when the bar is short, most useful first: the way to every other key and
 * the way out, then what acts on records (what people come for), then what they would not find
 * alone; paging keys last (n, p, g, G are what every list tool has). Hints not named keep their
 * order after these.
 */
const PRIORITY = [
  'help',
  'quit',
  'details',
  'back',
  'filter',
  'create',
  'edit',
  'delete',
  'burn',
  'used-by',
  'relations',
  'sort',
  'copy-id',
  'copy-summary',
  'reload',
  'command',
];
const rank = (b: Binding) => {
  const at = PRIORITY.indexOf(b.id);
  return at === -1 ? PRIORITY.length : at;
};

/** As many hints as fit, whole, shown in their order; when space is short the least useful go first. */
export function fitHints(bindings: readonly Binding[], width: number): { key: string; label: string }[] {
  const widthOf = (b: Binding) => textWidth(hintKey(b)) + 1 + textWidth(b.hint ?? '') + GAP;
  let room = width + GAP;
  const chosen = new Set<Binding>();
  const byWorth = bindings.map((b, i) => ({ b, i })).sort((x, y) => rank(x.b) - rank(y.b) || x.i - y.i);
  for (const { b } of byWorth) {
    if (widthOf(b) > room) continue;
    room -= widthOf(b);
    chosen.add(b);
  }
  return bindings.filter((b) => chosen.has(b)).map((b) => ({ key: hintKey(b), label: b.hint ?? '' }));
}
