/**
 * The React root of the program: it draws what the shell (shell.ts) names,
 * the start screens or the dashboard, and gives the shell every key and
 * Ink's hold on the terminal. The state and the keys live in the shell.
 */
import React, { useEffect, useSyncExternalStore } from 'react';
import { useApp, useInput, usePaste, useStdin } from 'ink';
import type { EventEmitter } from 'node:events';
import { functionKeyEvent } from './input/functionKeys.js';
import { StartScreens } from './auth/StartScreens.js';
import { DashboardView } from './DashboardView.js';
import type { Shell } from './shell.js';

export function App({ shell }: { shell: Shell }): React.JSX.Element {
  const view = useSyncExternalStore(shell.subscribe, shell.getSnapshot);
  const { suspendTerminal } = useApp();
  useEffect(() => {
    shell.attach({ suspendTerminal });
    return () => shell.dispose();
  }, [shell, suspendTerminal]);
  useInput(shell.handleInput);
  useFunctionKeys(shell.handleInput);
  // Bracketed paste on: a paste arrives as one text, never as keys (pasting "deploy" must not press d, then y).
  usePaste(shell.handlePaste);
  switch (view.kind) {
    case 'dashboard':
      return <DashboardView dashboard={view.dashboard} />;
    default:
      return <StartScreens view={view} />;
  }
}

/**
 * F1–F12 from the raw input: `useInput` gets them as an empty key. Ink's
 * emitter of raw input is not part of its typed surface; without it the
 * function keys do nothing and every other key works as before.
 */
function useFunctionKeys(handleInput: Shell['handleInput']): void {
  const emitter = (useStdin() as { internal_eventEmitter?: EventEmitter }).internal_eventEmitter;
  useEffect(() => {
    if (!emitter) return;
    const onInput = (data: string) => {
      const key = functionKeyEvent(data);
      if (key) handleInput('', key);
    };
    emitter.on('input', onInput);
    return () => void emitter.off('input', onInput);
  }, [emitter, handleInput]);
}
