/**
 * One folder for V8's code cache of the built program, shared by the e2e sessions of a run
 * (test/e2e/pty.ts says why), made before the first file and removed after the last.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eCodeCache: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'slotui-e2e-code-'));
  project.provide('e2eCodeCache', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
