/**
 * Ink's part of the dashboard: React, Ink and the layout engine, loaded by
 * run.ts once the first frames are on the screen (firstFrames.ts), then
 * drawing every frame after them.
 */
import React from 'react';
import { render, type Instance } from 'ink';
import { App } from './App.js';
import { CrashBoundary } from './components/CrashBoundary.js';
import { layoutEngineReady } from './layoutEngine.js';
import type { Shell } from './shell.js';

export interface InkStreams {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WritableStream;
}

/** Resolves once Ink can lay out a frame (its layout engine is WebAssembly). */
export const inkReady: Promise<void> = layoutEngineReady;

/** Ink drawing the shell's screens from now on (after inkReady); `onCrash` hears of an error while rendering. */
export function mountInk(
  shell: Shell,
  { stdin, stdout, stderr }: InkStreams,
  onCrash: (error: unknown) => void,
): Instance {
  return render(
    // Deferred: unmounting from inside React's commit or an input event is not safe.
    <CrashBoundary onCrash={(error) => setImmediate(() => onCrash(error))}>
      {/* The dashboard, or first the welcome screen and the token setup. */}
      <App shell={shell} />
    </CrashBoundary>,
    {
      stdin,
      stdout,
      stderr,
      // Ctrl+C is a key like q (exit 0, terminal restored by us), not Ink's exit.
      exitOnCtrlC: false,
      // We never log while rendering; leave the console alone.
      patchConsole: false,
      // Decided by the caller (it checked for a TTY), not by guessing from CI variables.
      interactive: true,
      // A page whose data arrives is drawn within ~8 ms (Ink throttles redraws to maxFps);
      // incremental rendering rewrites only the lines that changed.
      maxFps: 120,
      incrementalRendering: true,
    },
  );
}
