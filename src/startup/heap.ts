/**
 * How the program's heap grows once it reads a whole list: the dashboard
 * gathering its record index, or `list --all` streaming every page (up to
 * hundreds of thousands of records read page by page).
 * At that allocation rate V8 doubles its young generation and lets the old
 * one grow far past what is live, and gives both back only after seconds of
 * idling. Each is set when its reading starts, never before the first frame,
 * and only by the real program (it is process-wide): the entry hands the
 * stream's to the CLI, the runner the gathering's to the dashboard.
 */
import type * as V8 from 'node:v8';

/**
 * The dashboard's gathering: the young generation kept at its first size, the
 * old one grown by half of what is live (not several times). With 100,000
 * SLIs in the bench that is tens of MB less resident memory at the peak, for
 * a gathering that collects garbage more often (seconds slower over 100,000
 * records; see docs/performance.md).
 */
export const GATHERING_HEAP_FLAGS = '--semi-space-growth-factor=1 --heap-growing-percent=50';

/**
 * `list --all`: the old generation grown by half of what is live, as the
 * gathering's; the young generation grown to its largest at its first
 * collection rather than doubled over the first pages. Its peak is then the
 * same at 10,000 records as at a million (memory flat), and the pages in
 * flight (a page being printed and the next one read) are copied by a
 * collection every few MB allocated rather than every one: at its first size
 * a stream of 100,000 SLIs paid about 700 young collections (a fifth of its
 * CPU), at its largest about 50 (docs/performance.md).
 */
export const STREAM_HEAP_FLAGS = '--semi-space-growth-factor=16 --heap-growing-percent=50';

let kept = false;

function keep(flags: string): void {
  if (kept) return;
  kept = true;
  // node:v8 loads here, not with the entry (a one-shot command never needs it).
  (process.getBuiltinModule('node:v8') as typeof V8).setFlagsFromString(flags);
}

export function keepHeapSmall(): void {
  keep(GATHERING_HEAP_FLAGS);
}

export function keepStreamHeapFlat(): void {
  keep(STREAM_HEAP_FLAGS);
}
