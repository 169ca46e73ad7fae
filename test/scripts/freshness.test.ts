import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleReason as reason } from '../../scripts/freshness.mjs';

describe('npm start builds only when a source is newer than dist/', () => {
  let root: string;
  const at = (path: string, seconds: number) => {
    writeFileSync(join(root, path), '');
    utimesSync(join(root, path), seconds, seconds);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'slotui-fresh-'));
    mkdirSync(join(root, 'src', 'tui'), { recursive: true });
    mkdirSync(join(root, 'dist'));
    at('src/tui/App.tsx', 1_000);
    at('package.json', 1_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when there is no build', () => {
    expect(reason(root)).toBe('dist/slotui.js does not exist');
  });

  it('does not build when the build is newer than every source', () => {
    at('dist/slotui.js', 2_000);
    utimesSync(join(root, 'src', 'tui'), 1_000, 1_000);
    utimesSync(join(root, 'src'), 1_000, 1_000);
    expect(reason(root)).toBeUndefined();
  });

  it('builds when a source deep in src/ is newer', () => {
    at('dist/slotui.js', 2_000);
    utimesSync(join(root, 'src', 'tui'), 1_000, 1_000);
    utimesSync(join(root, 'src'), 1_000, 1_000);
    at('src/tui/App.tsx', 3_000);
    expect(reason(root)).toBe('src changed since the last build');
  });

  it('builds when the packages changed', () => {
    at('dist/slotui.js', 2_000);
    utimesSync(join(root, 'src', 'tui'), 1_000, 1_000);
    utimesSync(join(root, 'src'), 1_000, 1_000);
    at('package-lock.json', 3_000);
    expect(reason(root)).toBe('package-lock.json changed since the last build');
  });
});
