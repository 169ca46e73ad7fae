/**
 * The JSON of list pages already served, kept per collection version: a page
 * asked for again (the same resource, offset, limit and link origin) is sent
 * as the text made the first time, unless a write to that collection came
 * between (every insert, update and delete moves its version on), as UTF-8
 * bytes encoded once. Bounded in entries and in bytes; past either, the
 * oldest pages go.
 */
const MAX_KEPT_PAGES = 256;
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

interface Kept {
  version: number;
  body: Buffer;
}

export class PageBodies {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(
    private readonly maxPages = MAX_KEPT_PAGES,
    private readonly maxBytes = MAX_KEPT_BYTES,
  ) {}

  /** The page's JSON for this version of its collection: kept, or made by `make` and kept. */
  body(key: string, version: number, make: () => string): Buffer {
    const found = this.kept.get(key);
    if (found !== undefined) {
      if (found.version === version) return found.body;
      this.drop(key, found);
    }
    const body = Buffer.from(make());
    if (body.length > this.maxBytes) return body;
    this.kept.set(key, { version, body });
    this.bytes += body.length;
    while (this.kept.size > this.maxPages || this.bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.kept.entries().next().value!;
      this.drop(oldestKey, oldest);
    }
    return body;
  }

  private drop(key: string, kept: Kept): void {
    this.kept.delete(key);
    this.bytes -= kept.body.length;
  }
}
