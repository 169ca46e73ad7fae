/**
 * The smallest external store React can subscribe to (useSyncExternalStore):
 * a value, replaced whole, and listeners told when it changes. The
 * dashboard's state lives in stores like this, outside React, so keys that
 * arrive faster than renders see the state the previous key left.
 */
export class Store<T> {
  private listeners = new Set<() => void>();

  constructor(private value: T) {}

  getSnapshot = (): T => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const listener of [...this.listeners]) listener();
  }

  update(change: (value: T) => T): void {
    this.set(change(this.value));
  }
}
