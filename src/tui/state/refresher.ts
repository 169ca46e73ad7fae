/**
 * The dashboard's heartbeat: once a second the clock ticks (ages on screen
 * grow: "read 12s ago"), and every `refresh` what is shown is read again, on
 * the background connection. A refresh that fails waits twice as long before
 * the next (up to five minutes) until one succeeds; one is never started while
 * the last is under way, nor while `due()` says no (a form is open). A costly
 * refresh (a whole list of 100,000 records read again takes seconds) spaces
 * the next by its cost, so reading again takes at most a tenth of the time.
 */
export interface RefresherOptions {
  /** Milliseconds between refreshes; 0 or less: none (the clock still ticks). */
  intervalMs: () => number;
  clock: () => Date;
  tick: () => void;
  /** Whether a refresh may run now. */
  due: () => boolean;
  /** Reads again what is shown; resolves whether the service answered. */
  refresh: () => Promise<boolean>;
}

const TICK_MS = 1000;
const MAX_WAIT_MS = 5 * 60_000;
/** The next refresh starts no sooner than this many times the last one took, counted from its start. */
const COST_FACTOR = 10;

export class Refresher {
  private readonly timer: ReturnType<typeof setInterval>;
  private last: number;
  private failures = 0;
  private running = false;
  /** How long the last refresh took (ms), from its start to its answer. */
  private lastCostMs = 0;

  constructor(private readonly options: RefresherOptions) {
    this.last = options.clock().getTime();
    this.timer = setInterval(() => this.beat(), TICK_MS);
    // A dashboard left open must not keep a process alive that is otherwise done.
    this.timer.unref?.();
  }

  /** How long after the last refresh the next one is due (longer after failures). */
  get waitMs(): number {
    const interval = this.options.intervalMs() * 2 ** Math.min(this.failures, 8);
    return Math.min(MAX_WAIT_MS, Math.max(interval, COST_FACTOR * this.lastCostMs));
  }

  /** What is shown was just read (r, Ctrl+R, a page flip): the next refresh counts from now. */
  readNow(): void {
    this.last = this.options.clock().getTime();
    this.failures = 0;
  }

  dispose(): void {
    clearInterval(this.timer);
  }

  private beat(): void {
    this.options.tick();
    if (this.running || this.options.intervalMs() <= 0) return;
    const now = this.options.clock().getTime();
    if (now - this.last < this.waitMs || !this.options.due()) return;
    this.last = now;
    this.running = true;
    const ended = (ok: boolean) => {
      this.failures = ok ? 0 : this.failures + 1;
      this.lastCostMs = Math.max(0, this.options.clock().getTime() - now);
      this.running = false;
    };
    this.options.refresh().then(ended, () => ended(false));
  }
}
