/**
 * Resolves once Ink's layout engine (yoga's WebAssembly) can be used. Here
 * importing yoga-layout already waited for it (a top-level await); the build
 * swaps that await for this promise (the bundle is CommonJS, which has no
 * top-level await; see scripts/build.mjs), so the dashboard awaits it before
 * its first render.
 */
export const layoutEngineReady: Promise<void> = Promise.resolve();
