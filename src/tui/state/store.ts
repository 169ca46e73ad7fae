/**
 * The smallest external store React can subscribe to (useSyncExternalStore):
 * a value, replaced whole, and listeners told when it changes. The
 * dashboard's state lives in stores like this, outside React, so keys that
 * arrive faster than renders see the state the previous key left. Every
 * store of the dashboard is one of these (or a subclass).
 */
export type Subscribable = { subscribe(listener: () => void): () => void };

export class Store<T> {
  private listeners = new Set<() => void>();

  constructor(private value: T) {}

  getSnapshot = (): T => this.read();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    this.emit();
  }

  update(change: (value: T) => T): void {
    this.set(change(this.value));
  }

  /** What getSnapshot returns; a derived store works its value out here. */
  protected read(): T {
    return this.value;
  }

  /** Replaces the value without telling anyone (a subclass tells them later, or not at all). */
  protected setQuietly(next: T): void {
    this.value = next;
  }

  /** Tells the listeners the snapshot changed. */
  protected emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Forgets every listener (a disposed store tells no one). */
  protected dropListeners(): void {
    this.listeners.clear();
  }
}

/**
 * A value worked out from other stores: marked stale when any of them
 * changes (listeners are told at once), worked out again when next read, so
 * a burst of changes costs one computation. The sources may change with the
 * state (a new session's lists): they are asked for again after each change.
 */
export class DerivedStore<T> extends Store<T> {
  // Worked out when first read: what it reads may be made after it.
  private stale = true;
  private computed = false;
  private readonly watched = new Map<Subscribable, () => void>();

  /**
   * `same`: when a value worked out again is the same as the last by this test, the last is kept,
   * so a subscriber that compares snapshots (React's useSyncExternalStore) does nothing.
   */
  constructor(
    private readonly compute: () => T,
    private readonly sources: () => readonly Subscribable[],
    private readonly same?: (last: T, next: T) => boolean,
  ) {
    super(undefined as T);
    this.rewatch();
  }

  protected override read(): T {
    if (this.stale) {
      // A computation that throws stays stale: the next read throws again rather than showing nothing.
      const next = this.compute();
      if (!(this.computed && this.same?.(super.read(), next))) this.setQuietly(next);
      this.computed = true;
      this.stale = false;
    }
    return super.read();
  }

  dispose(): void {
    for (const unsubscribe of this.watched.values()) unsubscribe();
    this.watched.clear();
    this.dropListeners();
  }

  private readonly changed = (): void => {
    this.rewatch();
    this.stale = true;
    this.emit();
  };

  private rewatch(): void {
    const now = new Set(this.sources());
    for (const [source, unsubscribe] of this.watched)
      if (!now.has(source)) {
        unsubscribe();
        this.watched.delete(source);
      }
    for (const source of now) if (!this.watched.has(source)) this.watched.set(source, source.subscribe(this.changed));
  }
}
