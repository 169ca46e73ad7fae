/**
 * Intl.Segmenter as the bundle sees it (scripts/build.mjs routes every
 * `Intl.Segmenter` of the bundled code here, ours and our libraries').
 *
 * The first real segmenter costs ~16 ms (ICU loads its break rules) and five
 * libraries make one when they load, yet nearly everything we draw is ASCII
 * plus a few symbols, where every character is a grapheme of its own. This
 * segmenter answers those strings itself and makes the real one only for
 * other text, with the same segments.
 */
import { ONE_CELL_SYMBOLS } from './symbols.js';

const NativeSegmenter = globalThis.Intl.Segmenter;

/** Strings whose graphemes are their UTF-16 units: ASCII (but CR LF, one grapheme) and the symbols we draw. */
// Every ASCII character, controls too, is one grapheme (but CR LF).
const ONE_UNIT_GRAPHEMES = new RegExp(`^[\\x00-\\x7f${ONE_CELL_SYMBOLS}]*$`);

function isOneUnitGraphemes(text: string): boolean {
  return ONE_UNIT_GRAPHEMES.test(text) && !text.includes('\r\n');
}

function unitSegments(input: string): Intl.Segments {
  const at = (index: number): Intl.SegmentData => ({ segment: input[index]!, index, input });
  return {
    containing(codeUnitIndex = 0) {
      const index = Math.trunc(Number(codeUnitIndex)) || 0;
      return index >= 0 && index < input.length ? at(index) : undefined;
    },
    *[Symbol.iterator]() {
      for (let index = 0; index < input.length; index++) yield at(index);
    },
  } as Intl.Segments;
}

export class LazySegmenter {
  private real: Intl.Segmenter | undefined;
  private readonly graphemes: boolean;

  constructor(
    private readonly locales?: Intl.LocalesArgument,
    private readonly options?: Intl.SegmenterOptions,
  ) {
    this.graphemes = (options?.granularity ?? 'grapheme') === 'grapheme';
  }

  static supportedLocalesOf(locales: Intl.LocalesArgument, options?: Intl.SegmenterOptions): string[] {
    return NativeSegmenter.supportedLocalesOf(locales as string | string[], options);
  }

  segment(input: string): Intl.Segments {
    const text = String(input);
    if (this.graphemes && isOneUnitGraphemes(text)) return unitSegments(text);
    return this.native().segment(text);
  }

  resolvedOptions(): Intl.ResolvedSegmenterOptions {
    return this.native().resolvedOptions();
  }

  private native(): Intl.Segmenter {
    return (this.real ??= new NativeSegmenter(this.locales as string | string[] | undefined, this.options));
  }
}
