/**
 * A request's target (the path and query of its first line) as the handlers
 * read it: the path, the query as sent, and its parameters. The targets a
 * client sends again and again (`/v1/slis/?limit=100&offset=200`) are made of
 * characters that WHATWG URL parsing leaves as they are, so they are split by
 * hand; anything else (percent-escapes, `+`, dot segments, `//`, a fragment,
 * characters URL parsing would encode) goes through `new URL`, so every target
 * reads exactly as `new URL(target, origin)` would read it.
 */

/** What the handlers read of a URL (a URL is one). */
export interface RequestTarget {
  readonly pathname: string;
  readonly search: string;
  readonly searchParams: { get(name: string): string | null };
}

/**
 * Characters kept as they are both in a path and in a query of a special URL,
 * and decoded to themselves in a query's parameters (no `%`, no `+`); `.` is
 * checked apart (dot segments).
 */
const PLAIN = /^\/(?!\/)[A-Za-z0-9._~\-/]*(?:\?[A-Za-z0-9._~\-=&/]*)?$/;

export function parseTarget(raw: string, origin: string): RequestTarget {
  if (!PLAIN.test(raw)) return new URL(raw, origin);
  const mark = raw.indexOf('?');
  const pathname = mark < 0 ? raw : raw.slice(0, mark);
  // Dot segments and empty ones are normalised by URL parsing: leave them to it.
  if (pathname.includes('/.') || pathname.includes('//')) return new URL(raw, origin);
  const query = mark < 0 ? '' : raw.slice(mark + 1);
  return new PlainTarget(pathname, query);
}

class PlainTarget implements RequestTarget {
  readonly search: string;
  private readonly params: PlainParams;

  constructor(
    readonly pathname: string,
    query: string,
  ) {
    this.search = query === '' ? '' : `?${query}`;
    this.params = new PlainParams(query);
  }

  get searchParams(): PlainParams {
    return this.params;
  }
}

/** URLSearchParams' `get` over a query with nothing to decode: the first pair named so, its value after the first `=`. */
class PlainParams {
  constructor(private readonly query: string) {}

  get(name: string): string | null {
    for (const pair of this.query.split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      if (key === name) return eq < 0 ? '' : pair.slice(eq + 1);
    }
    return null;
  }
}
