/** Types of signal-exit 3 (src/sandbox/server.ts), the version Ink and proper-lockfile run on. */
declare module 'signal-exit' {
  /**
   * Runs `callback` as the process ends: by an exit, or by a signal that ends it (before the signal is
   * raised again). Returns what removes it.
   */
  function onExit(callback: (code: number | null, signal: string | null) => void): () => void;
  export default onExit;
}
