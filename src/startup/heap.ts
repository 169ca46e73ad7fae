/**
 * How the program's heap grows once it reads a whole list: the dashboard
 * gathering its record index, or `list --all` streaming every page (up to
 * hundreds of thousands of records read page by page).
 * At that allocation rate V8 doubles its young generation and lets the old
 * one grow far past what is live, and gives both back only after seconds of
 * idling. Kept small instead: the old generation grown by half of what is
 * live (not several times), and the young generation at a size fixed when the
 * reading starts, so the peak is the same at 10,000 records as at a million.
 * Set when the first gathering starts, never before the first frame, and only
 * by the real program (it is process-wide): the entry hands the stream's to
 * the CLI, the runner the gathering's to the dashboard.
 *
 * The dashboard's gathering keeps the young generation at its first size
 * (with 100,000 SLIs in the bench that is tens of MB less resident memory at
 * the peak, for a gathering that collects garbage more often; see
 * docs/performance.md).
 *
 * `list --all` holds about two pages at a time (the one printed and the one
 * asked for ahead), and a young collection copies what is live, so its cost
 * is about those pages however large the young generation is: over 100,030
 * SLIs at its first size (1 MB a half) about 340 young collections, at 4 MB a
 * half about 100 taking about a third of their time, for about 6 MB more at
 * the peak at any length. Grown to its
 * largest (16 MB a half) the peak was no longer flat: a short list never
 * filled it, a million did (docs/performance.md, 2026-11-28).
 */
import type * as V8 from 'node:v8';

/** The young generation (both halves) that `list --all` keeps. */
export const STREAM_NEW_SPACE_BYTES = 8 * 1024 * 1024;
/** How often the stream's young generation is looked at until it has grown to its size. */
const GROWN_CHECK_MS = 5;

type HeapFlags = Pick<typeof V8, 'setFlagsFromString' | 'getHeapSpaceStatistics'>;

let kept = false;

const v8 = () => process.getBuiltinModule('node:v8') as typeof V8;

export function keepHeapSmall(): void {
  if (kept) return;
  kept = true;
  // node:v8 loads here, not with the entry (a one-shot command never needs it).
  v8().setFlagsFromString('--semi-space-growth-factor=1 --heap-growing-percent=50');
}

export function keepStreamHeapFlat(): void {
  if (kept) return;
  kept = true;
  growYoungGenerationOnce(v8(), STREAM_NEW_SPACE_BYTES, (grown) => {
    const timer = setInterval(() => {
      if (grown()) clearInterval(timer);
    }, GROWN_CHECK_MS);
    // Never what keeps the process alive.
    timer.unref();
  });
}

/**
 * V8 grows the young generation by a factor at a collection after which much
 * has survived: the factor is set so that its next growth reaches `bytes`,
 * and to 1 (no growth) as soon as it has. `watch` calls `grown` now and then
 * until it says true. Exported for tests over a fake V8.
 */
export function growYoungGenerationOnce(heap: HeapFlags, bytes: number, watch: (grown: () => boolean) => void): void {
  const newSpace = () => heap.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
  const factor = () => {
    const size = newSpace();
    return size > 0 ? Math.max(1, Math.ceil(bytes / size)) : 1;
  };
  const first = factor();
  heap.setFlagsFromString(`--semi-space-growth-factor=${first} --heap-growing-percent=50`);
  if (first === 1) return;
  let grown = false;
  watch(() => {
    if (!grown && factor() === 1) {
      grown = true;
      heap.setFlagsFromString('--semi-space-growth-factor=1');
    }
    return grown;
  });
}
