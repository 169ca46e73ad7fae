/**
 * The terminal's size, and what the views measured on their last draw (how
 * many lines a detail or the help has, how many fit). Keys read the
 * measurements to know how far a scroll may go; views report them here.
 */
import { pageSizeFor, type TerminalSize } from '../layout.js';
import { Store } from './store.js';

export interface Measure {
  /** Lines the content has. */
  lines: number;
  /** Lines that fit on screen. */
  visible: number;
}

export type MeasuredPart = 'detail' | 'help';

const NONE: Measure = { lines: 0, visible: 0 };

export class ViewportStore extends Store<TerminalSize> {
  private readonly measures = new Map<MeasuredPart, Measure>();

  get pageSize(): number {
    return pageSizeFor(this.getSnapshot().rows);
  }

  resize(size: TerminalSize): void {
    const now = this.getSnapshot();
    if (now.columns !== size.columns || now.rows !== size.rows) this.set({ columns: size.columns, rows: size.rows });
  }

  /** A view's measurement. Listeners are not told: only keys read it, and a draw that reports one must not cause another. */
  measure(part: MeasuredPart, measure: Measure): void {
    this.measures.set(part, measure);
  }

  measured(part: MeasuredPart): Measure {
    return this.measures.get(part) ?? NONE;
  }

  /** How far a measured part may scroll. */
  maxScroll(part: MeasuredPart): number {
    const { lines, visible } = this.measured(part);
    return Math.max(0, lines - visible);
  }
}
