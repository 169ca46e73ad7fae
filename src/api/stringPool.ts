/**
 * Equal strings of the records an index holds, kept once. JSON.parse gives
 * every string value its own copy, so 100,000 records repeat the same type,
 * unit, formula, query source and timestamp (created_at is updated_at until
 * a record changes) 100,000 times. The pool remembers recent strings and
 * hands back the one it has; it is bounded, and starts afresh when full, so
 * values that repeat stay shared while values seen once pass through.
 */
const MAX_DEPTH = 8;

export class StringPool {
  private readonly strings = new Map<string, string>();

  constructor(
    private readonly capacity = 4096,
    private readonly maxLength = 256,
  ) {}

  /** The pool's copy of a string equal to `text` (remembering `text` when it has none). */
  string(text: string): string {
    if (text.length > this.maxLength) return text;
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    if (this.strings.size >= this.capacity) this.strings.clear();
    this.strings.set(text, text);
    return text;
  }

  /** Replaces, in place, the string values of a parsed record (and of its objects and arrays) by the pool's. */
  shareIn(value: object, depth = 0): void {
    if (depth > MAX_DEPTH || Object.isFrozen(value)) return;
    const target = value as Record<string, unknown>;
    for (const key of Object.keys(target)) {
      const item = target[key];
      if (typeof item === 'string') {
        // Equal strings compare equal whatever their copy: the pool's is put back every time.
        if (key !== '__proto__') target[key] = this.string(item);
      } else if (typeof item === 'object' && item !== null) {
        this.shareIn(item, depth + 1);
      }
    }
  }
}
