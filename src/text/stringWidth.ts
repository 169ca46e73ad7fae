/**
 * string-width as the bundle's libraries see it (scripts/build.mjs routes
 * their `string-width` here): text made of printable ASCII and the symbols we
 * draw (symbols.ts: "·", "…", "—", "→"…, each one cell) is measured by its length once its
 * colours are stripped; anything else goes to string-width. Ink measures every
 * cell of every frame, and string-width leaves its own ASCII path for an emoji
 * regex and a segmenter at the first "…".
 *
 * string-width itself is loaded on first use: building its emoji regular
 * expressions costs about 12 ms, which a frame of plain text never needs. The
 * build makes a package that src require()s a part of its own (scripts/build.mjs).
 */
import { createRequire } from 'node:module';
import type StringWidth from 'string-width';
import type { Options } from 'string-width';
import { ONE_CELL_SYMBOLS } from './symbols.js';

type StringWidthModule = { default: typeof StringWidth };

let loaded: typeof StringWidth | undefined;
function stringWidth(input: string, options?: Options): number {
  if (loaded === undefined) {
    const module =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      typeof require === 'function' ? require('string-width') : createRequire(import.meta.url)('string-width');
    loaded = (module as StringWidthModule).default;
  }
  return loaded(input, options);
}

const DRAWN = new RegExp(`^[\\x20-\\x7e${ONE_CELL_SYMBOLS}]*$`);
// eslint-disable-next-line no-control-regex -- SGR starts with ESC.
const SGR = /\x1b\[[\d;]*m/g;

export default function fastStringWidth(input: string, options?: Options): number {
  if (typeof input === 'string' && options?.ambiguousIsNarrow !== false) {
    const text = !options?.countAnsiEscapeCodes && input.includes('\x1b') ? input.replace(SGR, '') : input;
    if (DRAWN.test(text)) return text.length;
  }
  return stringWidth(input, options);
}
