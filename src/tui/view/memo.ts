/** The last answer of a pure function, kept while it is asked again with the same arguments (compared with Object.is). */
export function memoLast<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: { args: A; result: R } | undefined;
  return (...args: A): R => {
    if (last && last.args.length === args.length && last.args.every((a, i) => Object.is(a, args[i])))
      return last.result;
    const result = fn(...args);
    last = { args, result };
    return result;
  };
}

/**
 * A value kept while its inputs are the same (compared one by one with Object.is), the inputs read
 * again at each ask: for a value made from stores' snapshots that is asked for more often than they
 * change. Reading the snapshots, not waiting to be told, also sees a store that changes its snapshot
 * before it tells its listeners (src/tui/state/listStore.ts, the loading notice).
 */
export function keptWhileSame<R>(inputs: () => readonly unknown[], compute: () => R): () => R {
  const kept = memoLast((..._inputs: readonly unknown[]) => compute());
  return () => kept(...inputs());
}
