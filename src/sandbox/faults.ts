/**
 * Fault injection for tests of a client's error handling. The dice are a
 * small seeded PRNG (mulberry32), so a run with the same seed and the same
 * request sequence fails the same requests.
 */
import type { Faults } from './types.js';

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'reset' }
  | { kind: 'hang' }
  | { kind: 'error'; status: number; retryAfterSeconds: number }
  | { kind: 'html' }
  | { kind: 'truncate' };

/** mulberry32: tiny, fast, good enough for dice; returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultInjector {
  private faults: Faults = {};
  private random: () => number = seededRandom(1);

  constructor(faults: Faults = {}) {
    this.set(faults);
  }

  /** Replaces every switch and restarts the dice from the seed. */
  set(faults: Faults): void {
    this.faults = { ...faults };
    this.random = seededRandom(faults.seed ?? 1);
  }

  get latencyMs(): number {
    return Math.max(0, this.faults.latencyMs ?? 0);
  }

  /**
   * One decision per API request. Every roll is made whatever the rates, so
   * turning one switch on doesn't shift the dice of the others.
   */
  decide(): FaultDecision {
    const f = this.faults;
    const rolls = {
      reset: this.random(),
      hang: this.random(),
      error: this.random(),
      pick: this.random(),
      html: this.random(),
      truncate: this.random(),
    };
    if (rolls.reset < (f.resetRate ?? 0)) return { kind: 'reset' };
    if (rolls.hang < (f.hangRate ?? 0)) return { kind: 'hang' };
    if (rolls.error < (f.errorRate ?? 0)) {
      const statuses = f.errorStatuses && f.errorStatuses.length > 0 ? f.errorStatuses : [500];
      const status = statuses[Math.floor(rolls.pick * statuses.length)] ?? 500;
      return { kind: 'error', status, retryAfterSeconds: f.retryAfterSeconds ?? 1 };
    }
    if (rolls.html < (f.htmlRate ?? 0)) return { kind: 'html' };
    if (rolls.truncate < (f.truncateRate ?? 0)) return { kind: 'truncate' };
    return { kind: 'none' };
  }
}
