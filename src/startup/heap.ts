/**
 * How the program's heap grows once it reads a whole list: the dashboard
 * gathering its record index, or `list --all` streaming every page (up to
 * hundreds of thousands of records read page by page).
 * At that allocation rate V8 doubles its young generation and lets the old
 * one grow far past what is live, and gives both back only after seconds of
 * idling. Kept small instead: the young generation at its first size, the
 * old one grown by half of what is live (not several times). With 100,000
 * SLIs in the bench that is tens of MB less resident memory at the peak, for
 * a gathering that collects garbage more often (seconds slower over 100,000
 * records; see docs/performance.md). Set when the first gathering starts,
 * never before the first frame, and only by the real program (it is
 * process-wide): the entry hands it to the CLI, the runner to the dashboard.
 *
 * Letting `list --all`'s young generation grow to its largest at once was
 * measured (docs/performance.md, 2026-11-28): about 700 young collections
 * over 100,030 SLIs became about 50 and the run took a fifth less CPU, but
 * over 1,000,030 it saved about 5 % and its peak was 1.27x that at 10,030
 * (the flat-memory target is 1.2x). Not kept.
 */
import type * as V8 from 'node:v8';

let kept = false;

export function keepHeapSmall(): void {
  if (kept) return;
  kept = true;
  // node:v8 loads here, not with the entry (a one-shot command never needs it).
  (process.getBuiltinModule('node:v8') as typeof V8).setFlagsFromString(
    '--semi-space-growth-factor=1 --heap-growing-percent=50',
  );
}
